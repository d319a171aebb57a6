import { defineConfig } from "vitest/config";

// One run covers every package; each package is a project so its own setup stays local.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts"],
  },
});
