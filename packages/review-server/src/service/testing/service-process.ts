import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A running service-worker.ts in another OS process. */
export interface ServiceProcess {
  readonly child: ChildProcess;
  /** Every line it has printed so far. */
  readonly lines: readonly string[];
  /** Resolves with the first line starting with `prefix`; rejects if the process ends first. */
  waitFor(prefix: string): Promise<string>;
  /** Resolves when it ends, with its exit code (null when killed), the signal and its stderr. */
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null; readonly stderr: string }>;
  /** Writes "go" to its stdin and closes it. */
  go(): void;
}

const workerPath = fileURLToPath(new URL("./service-worker.ts", import.meta.url));
// The store's loader hooks run TypeScript sources in a Node 20 child (no type stripping there).
const registerPath = fileURLToPath(new URL("../../store/testing/register-typescript.mjs", import.meta.url));

/**
 * Starts the review service on `dir` and the SQLite file `db` in a new Node process, running `command`.
 * @example const agent = startServiceProcess(["agent", repo.dir, dbPath, "40", threadId]); await agent.waitFor("ready");
 */
export function startServiceProcess(args: readonly string[]): ServiceProcess {
  const child = spawn(process.execPath, ["--import", registerPath, workerPath, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let stderr = "";
  let pending = "";
  let gone = false;
  const settle = (): void => {
    for (const waiter of [...waiters]) {
      const line = lines.find((l) => l.startsWith(waiter.prefix));
      if (line !== undefined || gone) waiters.splice(waiters.indexOf(waiter), 1);
      if (line !== undefined) waiter.resolve(line);
      else if (gone) waiter.reject(new Error(`service ${args[0]} ended before printing "${waiter.prefix}": ${stderr}`));
    }
  };
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (pending + chunk).split("\n");
    pending = parts.pop() ?? "";
    lines.push(...parts);
    settle();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on("close", (code, signal) => {
      gone = true;
      settle();
      resolve({ code, signal, stderr });
    });
  });
  return {
    child,
    lines,
    exited,
    waitFor: (prefix) =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ prefix, resolve, reject });
        settle();
      }),
    go: () => {
      child.stdin!.end("go\n");
    },
  };
}
