import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { watchLines, type LineProcess } from "../../testing/line-process.js";
import type { SqliteRuntime } from "../native-database.js";

/** A running writer.ts in another OS process. */
export type WriterProcess = LineProcess;

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
  const commandArgs =
    runtime === "bun" ? [writerPath, ...args] : ["--expose-gc", "--import", registerPath, writerPath, ...args];
  const child = spawn(command, commandArgs, { stdio: ["pipe", "pipe", "pipe"] });
  return watchLines(child, `writer ${args[0]}`);
}
