import { closeSync, fchmodSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync, chmodSync } from "node:fs";
import { dirname, join } from "node:path";

// Beside the database, not in it: the database is read by every process on the repository (and copied,
// backed up), while a token file is 0600 in a 0700 folder and lives only as long as its server.
const FOLDER = "panel-tokens";

function tokenFile(dbPath: string, url: string): string {
  // One file per server URL; the host and port name it (":" and "[" are escaped away).
  return join(dirname(dbPath), FOLDER, `${encodeURIComponent(new URL(url).host)}.token`);
}

/**
 * Keeps a running server's token where only this user can read it (a 0600 file in a 0700 folder beside the
 * store), so `opencode-review url` can print a working link without the token ever entering the database.
 * Written to a temporary name and renamed, so a reader never sees half a token.
 * @example writePanelToken(store.path, "http://127.0.0.1:4321", token)
 */
export function writePanelToken(dbPath: string, url: string, token: string): void {
  const file = tokenFile(dbPath, url);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(dirname(file), 0o700);
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, "w", 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/**
 * The token of the server at `url`, or null when its file is gone or unreadable (the server stopped, or
 * another user runs it).
 * @example readPanelToken(store.path, "http://127.0.0.1:4321") // "3f9c..."
 */
export function readPanelToken(dbPath: string, url: string): string | null {
  try {
    const token = readFileSync(tokenFile(dbPath, url), "utf8").trim();
    return token === "" ? null : token;
  } catch {
    return null;
  }
}

/**
 * Removes a stopped server's token file; a missing one is fine.
 * @example removePanelToken(store.path, "http://127.0.0.1:4321")
 */
export function removePanelToken(dbPath: string, url: string): void {
  rmSync(tokenFile(dbPath, url), { force: true });
}
