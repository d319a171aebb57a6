import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { SqliteRuntime } from "../native-database.js";

/** A running writer.ts in another OS process. */
export interface WriterProcess {
  readonly child: ChildProcess;
  /** Resolves when the writer has printed a line starting with `prefix`; rejects if it exits first. */
  waitFor(prefix: string): Promise<string>;
  /** Resolves with the exit code (null when killed by a signal) and everything it wrote to stderr. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /** Writes "go" to its stdin and closes it (an open stdin would keep the writer alive). */
  go(): void;
}

const writerPath = fileURLToPath(new URL("./writer.ts", import.meta.url));
const registerPath = fileURLToPath(new URL("./register-typescript.mjs", import.meta.url));
const bunPath = fileURLToPath(new URL("../../../node_modules/.bin/bun", import.meta.url));

/**
 * Starts writer.ts in a new OS process under Node (better-sqlite3) or Bun (bun:sqlite).
 * @example const writer = startWriter("bun", ["replies", dbPath, "agent", "200", threadId])
 */
export function startWriter(runtime: SqliteRuntime, args: readonly string[]): WriterProcess {
  const inBun = process.versions.bun !== undefined;
  const command = runtime === "bun" ? (inBun ? process.execPath : bunPath) : inBun ? "node" : process.execPath;
  const commandArgs = runtime === "bun" ? [writerPath, ...args] : ["--import", registerPath, writerPath, ...args];
  const child = spawn(command, commandArgs, { stdio: ["pipe", "pipe", "pipe"] });

  const lines: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let stderr = "";
  let pending = "";
  let gone = false;
  const settle = (): void => {
    for (const waiter of [...waiters]) {
      const line = lines.find((l) => l.startsWith(waiter.prefix));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      } else if (gone) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.reject(new Error(`writer ${args[0]} exited before printing "${waiter.prefix}": ${stderr}`));
      }
    }
  };
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const parts = pending.split("\n");
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
