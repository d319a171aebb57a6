import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Where HEAD is: the branch it names (null when detached) and the commit (null on a branch with no commits). */
export interface HeadPosition {
  readonly branch: string | null;
  readonly head: string | null;
}

/**
 * HEAD read from the files git keeps it in, with no git process: `HEAD` in the work tree's git directory,
 * then the branch's loose ref or its line in `packed-refs` in the common directory (a loose ref wins, as in
 * git). Opening the repository on every start then costs one git process (`rev-parse`) instead of three.
 * Null when the files hold anything this reading is not sure of (reftable storage, a ref that is itself
 * symbolic, content that is not an object id, a file it cannot read): the caller asks git instead.
 * Synchronous, as readHeadFile: a few small files, read once when the repository is opened.
 * @example headFromFiles("/repo/.git", "/repo/.git", 40) // { branch: "main", head: "9fceb02…" }
 */
export function headFromFiles(gitDir: string, commonDir: string, idLength: number): HeadPosition | null {
  // reftable (git 2.45+) keeps refs in binary tables, and HEAD then names a placeholder branch.
  if (existsSync(join(commonDir, "reftable"))) return null;
  const content = readText(join(gitDir, "HEAD"));
  if (typeof content !== "string") return null;
  const id = objectId(content, idLength);
  if (id !== null) return { branch: null, head: id };
  const ref = /^ref: (refs\/heads\/[^\n]+)\n?$/.exec(content)?.[1];
  if (ref === undefined || ref === "refs/heads/.invalid" || !safeRefName(ref)) return null;
  const branch = ref.slice("refs/heads/".length);

  const loose = readText(join(commonDir, ...ref.split("/")));
  if (typeof loose === "string") {
    const looseId = objectId(loose, idLength);
    return looseId === null ? null : { branch, head: looseId };
  }
  if (loose === UNREADABLE) return null;
  const packed = readText(join(commonDir, "packed-refs"));
  if (packed === UNREADABLE) return null;
  if (packed !== MISSING) {
    for (const line of packed.split("\n")) {
      if (line.startsWith("#") || line.startsWith("^")) continue;
      const space = line.indexOf(" ");
      if (space !== idLength || line.slice(space + 1).replace(/\r$/, "") !== ref) continue;
      const packedId = objectId(line.slice(0, space), idLength);
      return packedId === null ? null : { branch, head: packedId };
    }
  }
  // Neither a loose ref nor a packed one: the branch has no commits yet (as `git init` leaves it).
  return { branch, head: null };
}

function objectId(text: string, idLength: number): string | null {
  const trimmed = text.endsWith("\n") ? text.slice(0, -1) : text;
  return trimmed.length === idLength && /^[0-9a-f]+$/.test(trimmed) ? trimmed : null;
}

/** A ref name whose path stays under refs/heads (git refuses `..`, empty parts and control characters too). */
function safeRefName(ref: string): boolean {
  return !ref.split("/").some((part) => part === "" || part === "." || part === "..") && !/[\x00-\x1f\\]/.test(ref);
}

const MISSING = Symbol("missing");
const UNREADABLE = Symbol("unreadable");

/** A file's text; MISSING only when it is certainly absent, UNREADABLE for anything else that fails. */
function readText(path: string): string | typeof MISSING | typeof UNREADABLE {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? MISSING : UNREADABLE;
  }
}
