import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    // Cleanups stop real servers and opencode processes and delete their folders: slow on a busy machine.
    hookTimeout: 120_000,
  },
});
