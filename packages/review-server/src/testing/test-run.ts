// The server project's vitest globalSetup: names this run, so a set-up every test file asks for (the CLI's
// bundle, `buildCli`) is made once per run across the workers, not once per file.
import { randomUUID } from "node:crypto";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's name: the same in every test file of one `vitest run`. */
    readonly testRun: string;
  }
}

export default function setup(project: TestProject): void {
  project.provide("testRun", randomUUID());
}
