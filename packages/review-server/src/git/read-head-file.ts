import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Repository } from "./open-repository.js";

/**
 * HEAD as it reads now ("" when unreadable), for noticing a branch switch. Synchronous on purpose: reading a
 * 41-byte file takes a few microseconds, where the four thread-pool round trips of an asynchronous read cost
 * every request more.
 * @example readHeadFile(repo) // "ref: refs/heads/main\n"
 */
export function readHeadFile(repo: Pick<Repository, "gitDir">): string {
  try {
    return readFileSync(join(repo.gitDir, "HEAD"), "utf8");
  } catch {
    return "";
  }
}
