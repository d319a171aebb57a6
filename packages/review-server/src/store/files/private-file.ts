import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
  chmodSync,
} from "node:fs";
import type { Stats } from "node:fs";
import { basename } from "node:path";

// The files beside the store (token files, the terminal's unsent text) are the server's alone: each is
// opened without following a symlink at its own name (O_NOFOLLOW), must be what it should be (a regular
// file, a real folder), and is replaced when it is not, never read through or written through.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** What reading a file beside the store found. */
export type PrivateRead =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "absent" }
  | { readonly kind: "refused"; readonly why: string };

/**
 * Makes `folder` a real folder of this user's only (0700). Anything else at that name (a symlink, even to a
 * folder; a regular file) is removed first, never followed, and the returned sentence says what was replaced;
 * null when the folder was fine or new.
 * @example const replaced = ensurePrivateFolder(join(storeFolder, "panel-tokens"))
 */
export function ensurePrivateFolder(folder: string): string | null {
  const found = lstatOrNull(folder);
  let replaced: string | null = null;
  if (found !== null && !found.isDirectory()) {
    replaced = `${folder} was ${describeKind(found)}, not a folder; it was replaced by a private folder (the store's folder is opencode-review's alone).`;
    unlinkSync(folder);
  }
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // lstat said a real folder (or mkdir just made one): chmod cannot follow a link here.
  chmodSync(folder, 0o700);
  return replaced;
}

/**
 * Reads a file beside the store: absent when there is none; refused (with why) when it is a symlink, not a
 * regular file, or over `maxBytes` (read no further than its size says).
 * @example const found = readPrivateFile(file, 1 << 20); if (found.kind === "text") JSON.parse(found.text)
 */
export function readPrivateFile(file: string, maxBytes: number): PrivateRead {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
    if (code === "ELOOP") return { kind: "refused", why: `${basename(file)} is a symlink` };
    return { kind: "refused", why: `${basename(file)} cannot be read (${code ?? String(error)})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { kind: "refused", why: `${basename(file)} is not a regular file` };
    if (stat.size > maxBytes)
      return { kind: "refused", why: `${basename(file)} is ${stat.size} bytes, over its ${maxBytes}-byte bound` };
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return { kind: "text", text: buffer.toString("utf8", 0, read) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `text` to a file beside the store, 0600, all or nothing: under a new temporary name (created
 * exclusively, never through a link) and renamed over whatever was there. A folder in its place is removed
 * first; a failed write leaves no temporary file behind.
 * @example writePrivateFile(join(storeFolder, "unsent-text.json"), JSON.stringify(entries))
 */
export function writePrivateFile(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  // A leftover of a crashed write (or anything planted at that name) goes; O_EXCL then creates ours afresh.
  rmSync(temporary, { force: true, recursive: true });
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o600);
  try {
    try {
      fchmodSync(fd, 0o600);
      const bytes = Buffer.from(text);
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
    } finally {
      closeSync(fd);
    }
    const found = lstatOrNull(file);
    if (found?.isDirectory()) rmSync(file, { recursive: true, force: true });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Removes a file beside the store (a symlink itself, not its target; a folder in its place too). */
export function removePrivateFile(file: string): void {
  rmSync(file, { force: true, recursive: lstatOrNull(file)?.isDirectory() === true });
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path, { throwIfNoEntry: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function describeKind(stat: Stats): string {
  if (stat.isSymbolicLink()) return "a symlink";
  if (stat.isFile()) return "a regular file";
  return "not a folder";
}
