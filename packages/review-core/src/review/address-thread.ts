import { pathNow } from "./path-now.js";
import { matchesPathSuffix } from "./path-suffix.js";
import type { Thread } from "./types.js";

/** How a tool call points at a thread: its id, or a file (path or path suffix) and a line as it reads now. */
export interface ThreadRef {
  readonly id?: string;
  readonly file?: string;
  readonly line?: number;
}

/** A thread a reference could have meant, with its place now (null: the whole file, or nowhere). */
export interface ThreadCandidate {
  readonly id: string;
  readonly file: string;
  readonly start: number | null;
  readonly end: number | null;
}

export type Addressed<T> =
  | { readonly ok: true; readonly thread: T }
  | {
      readonly ok: false;
      readonly code: "not_found" | "ambiguous";
      /** Written for the model: what matched or not, and what to pass instead. */
      readonly message: string;
      readonly candidates: readonly ThreadCandidate[];
    };

type Addressable = Pick<Thread, "id" | "file" | "start" | "end" | "anchor">;

/**
 * Finds the one thread a reference means, among the threads the caller may see. With a line, a
 * thread whose range now holds it wins over a whole-file thread of the same file, since it is the
 * more specific answer; without a line, the file must have exactly one thread.
 * @example addressThread(threads, { file: "a.ts", line: 12 }) // { ok: true, thread } for the thread on src/a.ts:10-14
 */
export function addressThread<T extends Addressable>(threads: readonly T[], ref: ThreadRef): Addressed<T> {
  if (ref.id !== undefined && ref.id !== "") {
    const found = threads.find((t) => t.id === ref.id);
    if (found) return { ok: true, thread: found };
    return {
      ok: false,
      code: "not_found",
      message: `No thread ${ref.id}. Call review_list to see the threads and their ids.`,
      candidates: [],
    };
  }
  if (ref.file === undefined || ref.file === "") {
    return {
      ok: false,
      code: "not_found",
      message: "Name a thread by its id, or by file and line. Call review_list to see the threads and their ids.",
      candidates: [],
    };
  }
  const file = ref.file;
  // The path now is what the agent was shown; the path a renamed file had still finds its threads.
  const inFile = threads.filter((t) => matchesPathSuffix(pathNow(t), file) || matchesPathSuffix(t.file, file));
  if (inFile.length === 0) {
    return {
      ok: false,
      code: "not_found",
      message: `No thread on ${file}. Call review_list to see the threads and their ids.`,
      candidates: [],
    };
  }
  if (ref.line === undefined) {
    if (inFile.length === 1) return { ok: true, thread: inFile[0]! };
    return ambiguous(
      `${inFile.length} threads match ${file}`,
      inFile,
      "Give the id, or a line inside the thread's range.",
    );
  }
  const line = ref.line;
  const ranged = inFile.filter(
    (t) => t.anchor.start !== null && t.anchor.end !== null && t.anchor.start <= line && line <= t.anchor.end,
  );
  const wholeFile = inFile.filter((t) => t.start === null);
  const matches = ranged.length > 0 ? ranged : wholeFile;
  if (matches.length === 1) return { ok: true, thread: matches[0]! };
  if (matches.length > 1)
    return ambiguous(`${matches.length} threads match ${file} line ${line}`, matches, "Give the id instead.");
  return {
    ok: false,
    code: "not_found",
    message: `No thread on ${file} covers line ${line}. Threads there: ${inFile.map(describe).join(", ")}. Give one of these ids, or a line inside its range as it reads now.`,
    candidates: inFile.map(candidate),
  };
}

function ambiguous<T extends Addressable>(what: string, matches: readonly T[], advice: string): Addressed<T> {
  return {
    ok: false,
    code: "ambiguous",
    message: `${what}: ${matches.map(describe).join(", ")}. ${advice}`,
    candidates: matches.map(candidate),
  };
}

function candidate(thread: Addressable): ThreadCandidate {
  // A whole-file thread has no range even when its anchor says where the file is now.
  const whole = thread.start === null;
  return {
    id: thread.id,
    file: pathNow(thread),
    start: whole ? null : thread.anchor.start,
    end: whole ? null : thread.anchor.end,
  };
}

function describe(thread: Addressable): string {
  const file = pathNow(thread);
  if (thread.start === null) return `${thread.id} (${file}, whole file)`;
  const { start, end } = thread.anchor;
  if (start === null || end === null) return `${thread.id} (${file}, its lines are gone)`;
  return `${thread.id} (${file}:${start === end ? start : `${start}-${end}`})`;
}
