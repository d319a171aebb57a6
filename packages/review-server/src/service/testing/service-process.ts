import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { watchLines, type LineProcess } from "../../testing/line-process.js";

/** A running service-worker.ts in another OS process. */
export type ServiceProcess = LineProcess;

const workerPath = fileURLToPath(new URL("./service-worker.ts", import.meta.url));
// The store's loader hooks run TypeScript sources in a Node 20 child (no type stripping there).
const registerPath = fileURLToPath(new URL("../../store/testing/register-typescript.mjs", import.meta.url));

/**
 * Starts the review service on `dir` and the SQLite file `db` in a new Node process, running `command`.
 * @example const agent = startServiceProcess(["agent", repo.dir, dbPath, "40", threadId]); await agent.waitFor("ready");
 */
export function startServiceProcess(args: readonly string[]): ServiceProcess {
  const child = spawn(process.execPath, ["--import", registerPath, workerPath, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  return watchLines(child, `service ${args[0]}`);
}
