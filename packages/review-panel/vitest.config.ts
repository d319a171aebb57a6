import { defineProject } from "vitest/config";
import solid from "vite-plugin-solid";

// State tests run in jsdom under Solid's browser build; e2e tests drive real Chromium from Node.
export default defineProject({
  plugins: [solid()],
  resolve: { conditions: ["development", "browser"] },
  test: {
    name: "panel",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "e2e/**/*.test.ts"],
    environment: "jsdom",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Browser tests share two cores with everything else; one file at a time keeps them steady.
    fileParallelism: false,
  },
});
