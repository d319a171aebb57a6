import { ReviewError } from "@opencode-review/core";
import {
  closeSync,
  constants,
  fchmodSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import type { Stats } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";

/**
 * Where set-up reads and writes one config file, checked before anything is written: `path` is the file
 * to write (a symlink's target, when the link points inside the project), `text` what it holds now (null:
 * none yet), `mode` its permission bits (kept), `crlf` whether its lines end in CRLF (kept).
 */
export interface ConfigPlace {
  readonly path: string;
  readonly text: string | null;
  readonly mode: number | null;
  readonly crlf: boolean;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path, { throwIfNoEntry: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`));
}

/**
 * Finds the file set-up would write for `file` (relative to `root`) and reads it, refusing, in one sentence
 * that names it, any place it must not or cannot write: a folder on the way that is a file, a symlink (of
 * the file or a folder on the way) that points outside the project or at nothing, a file that is not a
 * regular file. Every edit's place is found before any file is written, so a refusal writes nothing.
 * @example const place = configPlace("/repo", ".claude/settings.json")
 */
export function configPlace(root: string, file: string): ConfigPlace {
  const realRoot = realpathSync(root);
  const refuse = (why: string) =>
    new ReviewError("invalid_input", `${file}: ${why}; set-up writes nothing until that is fixed.`);
  const segments = file.split("/");
  let here = realRoot;
  for (let i = 0; i < segments.length; i++) {
    const shown = segments.slice(0, i + 1).join("/");
    const last = i === segments.length - 1;
    const next = join(here, segments[i]!);
    const found = lstatOrNull(next);
    if (found === null) {
      // Nothing there yet (and so nothing below it): set-up creates it.
      const path = join(next, ...segments.slice(i + 1));
      return { path, text: null, mode: null, crlf: false };
    }
    let real = next;
    let stat = found;
    if (found.isSymbolicLink()) {
      try {
        real = realpathSync(next);
      } catch {
        throw refuse(`${shown} is a symlink to nothing`);
      }
      if (!inside(realRoot, real))
        throw refuse(
          `${shown} is a symlink to ${real}, outside the project, and set-up writes only inside it (make ${shown} a file of the project)`,
        );
      stat = statSync(real);
    }
    if (!last) {
      if (!stat.isDirectory())
        throw refuse(`${shown} is a file, not a folder, so ${file} cannot be written (move ${shown} aside)`);
      here = real;
      continue;
    }
    if (!stat.isFile()) throw refuse(`${shown} is not a regular file`);
    const text = readFileSync(real, "utf8");
    return { path: real, text, mode: stat.mode & 0o7777, crlf: /\r\n/.test(text) };
  }
  throw refuse("is not a file path");
}

/**
 * Writes a config file whole (its folder made first) through a temporary file renamed into place, so a
 * client reading it meanwhile never sees half of it; with the mode and line endings the file had.
 * @example writeConfigText(configPlace("/repo", ".mcp.json"), "{}\n")
 */
export function writeConfigText(place: ConfigPlace, text: string): void {
  mkdirSync(dirname(place.path), { recursive: true });
  const temporary = `${place.path}.opencode-review-${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  const fd = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
    place.mode ?? 0o666,
  );
  try {
    try {
      // The mode it had (a 0600 .mcp.json holding a token stays 0600); a new file gets the umask's.
      if (place.mode !== null) fchmodSync(fd, place.mode);
      const bytes = Buffer.from(place.crlf ? text.replace(/\r?\n/g, "\r\n") : text);
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, place.path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

// A number JSON.parse cannot give back as written (past 2^53, 1.50, 1e3) is carried through the merge as
// this marker string and written back as its own text.
const NUMBER_MARK = "\u0000opencode-review-number:";

/** A parsed JSON config and the number texts it carried through as markers. */
export interface JsonConfig {
  readonly doc: Record<string, unknown>;
  readonly numbers: readonly string[];
}

/**
 * Parses a JSON config file's text into an object, keeping every number's text; anything else is refused,
 * naming the file, so set-up never overwrites what it cannot read.
 * @example parseJsonConfig('{"hooks":{}}', ".claude/settings.json").doc // { hooks: {} }
 */
export function parseJsonConfig(text: string | null, name: string): JsonConfig {
  if (text === null || text.trim() === "") return { doc: {}, numbers: [] };
  const numbers: string[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(markNumbers(text, numbers));
  } catch (error) {
    throw new ReviewError(
      "invalid_input",
      `${name} is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it and run set-up again. Nothing was written.`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ReviewError(
      "invalid_input",
      `${name} does not hold a JSON object; fix it and run set-up again. Nothing was written.`,
    );
  }
  return { doc: parsed as Record<string, unknown>, numbers };
}

/** The JSON text a config is written back as: the file's own indent (two spaces when new), its number texts, and a final newline. */
export function jsonConfigText(config: JsonConfig, previous: string | null): string {
  const indent = previous === null ? "  " : (/^([ \t]+)"/m.exec(previous)?.[1] ?? "  ");
  const text = JSON.stringify(config.doc, null, indent);
  const marker = JSON.stringify(NUMBER_MARK).slice(1, -1);
  return `${text.replace(new RegExp(`"${escapeRegExp(marker)}(\\d+)"`, "g"), (_, index: string) => config.numbers[Number(index)]!)}\n`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Replaces each number token that would not survive JSON.parse as written by a marker string (outside strings only). */
function markNumbers(text: string, numbers: string[]): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === "-" || (ch >= "0" && ch <= "9")) {
      const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (match !== null) {
        const token = match[0];
        if (JSON.stringify(Number(token)) !== token) {
          numbers.push(token);
          out += JSON.stringify(`${NUMBER_MARK}${numbers.length - 1}`);
        } else out += token;
        i += token.length;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}
