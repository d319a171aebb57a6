import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import solid from "vite-plugin-solid";

// The panel ships inside the server package, which serves it from dist/panel.
export default defineConfig({
  plugins: [solid()],
  base: "./",
  build: {
    outDir: fileURLToPath(new URL("../review-server/dist/panel", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
  },
});
