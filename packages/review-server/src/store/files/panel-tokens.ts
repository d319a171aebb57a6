import { lstatSync } from "node:fs";
import { dirname, join } from "node:path";
import { ensurePrivateFolder, readPrivateFile, removePrivateFile, writePrivateFile } from "./private-file.js";

// Beside the database, not in it: the database is read by every process on the repository (and copied,
// backed up), while a token file is 0600 in a 0700 folder and lives only as long as its server.
const FOLDER = "panel-tokens";

// A token is 64 hex digits (or a person's own option); anything past this is not one.
const MAX_TOKEN_FILE_BYTES = 4096;

function tokenFile(dbPath: string, url: string): string {
  // One file per server URL; the host and port name it (":" and "[" are escaped away).
  return join(dirname(dbPath), FOLDER, `${encodeURIComponent(new URL(url).host)}.token`);
}

/**
 * Keeps a running server's token where only this user can read it (a 0600 file in a 0700 folder beside the
 * store), so `opencode-review url` can print a working link without the token ever entering the database.
 * Written to a temporary name and renamed, so a reader never sees half a token; never through a symlink.
 * Resolves with a sentence when something that was not a private folder stood at panel-tokens and was
 * replaced (for the log), else null.
 * @example writePanelToken(store.path, "http://127.0.0.1:4321", token)
 */
export function writePanelToken(dbPath: string, url: string, token: string): string | null {
  const file = tokenFile(dbPath, url);
  const replaced = ensurePrivateFolder(dirname(file));
  writePrivateFile(file, token);
  return replaced;
}

/**
 * The token of the server at `url`, or null when its file is gone, unreadable, not a regular file (a
 * symlink is not read through) or too long to be a token (the server stopped, or another user runs it).
 * @example readPanelToken(store.path, "http://127.0.0.1:4321") // "3f9c..."
 */
export function readPanelToken(dbPath: string, url: string): string | null {
  const file = tokenFile(dbPath, url);
  // Not through a folder that is a link either: whatever it points at is not this server's.
  try {
    if (!lstatSync(dirname(file)).isDirectory()) return null;
  } catch {
    return null;
  }
  const found = readPrivateFile(file, MAX_TOKEN_FILE_BYTES);
  if (found.kind !== "text") return null;
  const token = found.text.trim();
  return token === "" ? null : token;
}

/**
 * Removes a stopped server's token file; a missing one is fine.
 * @example removePanelToken(store.path, "http://127.0.0.1:4321")
 */
export function removePanelToken(dbPath: string, url: string): void {
  removePrivateFile(tokenFile(dbPath, url));
}
