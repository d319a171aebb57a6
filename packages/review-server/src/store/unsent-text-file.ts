import { closeSync, fchmodSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync, chmodSync } from "node:fs";
import { dirname, join } from "node:path";

// What the person typed into a comment editor in the terminal and has not saved yet: the terminal's
// localStorage. A file beside the store, not a table in it, because the text belongs to the person at this
// keyboard until they save it (a draft in the store is what the agent and the other panels see), and it changes
// with every key (a write transaction and a change-log entry per key would wake every panel). 0600 in the
// 0700 store folder, like the token files: comment text can quote secrets from the code.
const FILE = "unsent-text.json";

/** A key-value storage with the Web Storage calls the panel's unsent-text state uses. */
export interface UnsentTextFile {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function readAll(file: string): Record<string, string> {
  try {
    const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    // No file yet, or one cut short by a crash: nothing to restore from it.
    return {};
  }
}

function writeAll(file: string, entries: Record<string, string>): void {
  if (Object.keys(entries).length === 0) return void rmSync(file, { force: true });
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Written under a temporary name and renamed, so a crash mid-write never leaves half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, "w", 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, JSON.stringify(entries));
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  chmodSync(file, 0o600);
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
      entries[key] = value;
      writeAll(file, entries);
    },
    removeItem: (key) => {
      const entries = readAll(file);
      if (!(key in entries)) return;
      delete entries[key];
      writeAll(file, entries);
    },
  };
}
