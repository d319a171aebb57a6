import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    // Names the run, so the CLI is bundled once per run, whichever test files ask (cli/testing/cli-process.ts).
    globalSetup: ["src/testing/test-run.ts"],
    testTimeout: 30_000,
    // Cleanups stop real servers and opencode processes and delete their folders: slow on a busy machine.
    hookTimeout: 120_000,
  },
});
