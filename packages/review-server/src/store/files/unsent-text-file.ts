import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { readPrivateFile, removePrivateFile, writePrivateFile } from "./private-file.js";

// What the person typed into a comment editor in the terminal and has not saved yet: the terminal's
// localStorage. A file beside the store, not a table in it, because the text belongs to the person at this
// keyboard until they save it (a draft in the store is what the agent and the other panels see), and it changes
// with every key (a write transaction and a change-log entry per key would wake every panel). 0600 in the
// 0700 store folder, like the token files: comment text can quote secrets from the code.
const FILE = "unsent-text.json";

/**
 * The file's bound. It is read and written whole on every key press, so its size is the cost of a key:
 * a few editors' worth of comments (a body is at most 1000 characters) fits hundreds of times over.
 * A file past it is not read (it is garbage, or another program's) and the next write starts it afresh;
 * a write that would pass it drops the entries written longest ago.
 */
export const MAX_UNSENT_TEXT_BYTES = 256 * 1024;

/** A key-value storage with the Web Storage calls the panel's unsent-text state uses. */
export interface UnsentTextFile {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function readAll(file: string): Record<string, string> {
  // A symlink is not read through, a folder or a file past the bound is not read: nothing to restore from it.
  const found = readPrivateFile(file, MAX_UNSENT_TEXT_BYTES);
  if (found.kind !== "text") return {};
  try {
    const raw: unknown = JSON.parse(found.text);
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    // One cut short by a crash, or garbage: nothing to restore from it.
    return {};
  }
}

function writeAll(file: string, entries: Record<string, string>): void {
  const kept = Object.entries(entries);
  let text = JSON.stringify(Object.fromEntries(kept));
  // Oldest first (each write puts its key last): drop from the front until the rest fits.
  while (kept.length > 1 && Buffer.byteLength(text) > MAX_UNSENT_TEXT_BYTES) {
    kept.shift();
    text = JSON.stringify(Object.fromEntries(kept));
  }
  if (kept.length === 0 || Buffer.byteLength(text) > MAX_UNSENT_TEXT_BYTES) return void removePrivateFile(file);
  ensureFolder(dirname(file));
  // Under a temporary name and renamed, so a crash mid-write never leaves half a file; over a symlink or
  // a folder in its place, never through it.
  writePrivateFile(file, text);
}

function ensureFolder(folder: string): void {
  // The store's own folder exists once a store was opened (and its mode is openStore's business: it may be a
  // folder the person chose); made here only for a path nobody opened yet.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
}

/**
 * The unsent-text storage beside the store at `dbPath`. Every call reads the file again, so two opencode
 * processes on one repository never write back each other's stale copy.
 * @example const storage = unsentTextFile(dbPath); storage.setItem("opencode-review:unsent:/repo\u0000main", "{...}")
 */
export function unsentTextFile(dbPath: string): UnsentTextFile & { readonly path: string } {
  const file = join(dirname(dbPath), FILE);
  return {
    path: file,
    getItem: (key) => readAll(file)[key] ?? null,
    setItem: (key, value) => {
      const entries = readAll(file);
      if (entries[key] === value) return;
      // Last in the file: the most recent entry is the last to be dropped at the bound.
      delete entries[key];
      entries[key] = value;
      writeAll(file, entries);
    },
    removeItem: (key) => {
      const entries = readAll(file);
      if (!(key in entries)) return;
      delete entries[key];
      if (Object.keys(entries).length === 0) return void removePrivateFile(file);
      writeAll(file, entries);
    },
  };
}
