import type { FileContent } from "../../git/index.js";

/** A file as one round shows it: its text at the round's base and snapshot, and git's diff between them. */
export interface RoundFile {
  readonly base: FileContent;
  readonly snapshot: FileContent;
  readonly patch: string;
}

// A round's commits never change, so neither does what is read from them; kept for the files people comment
// on (a draft, a reply's anchor, a finding), a bounded few, not whole rounds.
const MAX_FILES = 64;
const MAX_KEPT_BYTES = 1 << 20;

/**
 * The texts and diff of files at rounds, read once with git and kept: a person drafting several comments
 * on a file (or the reviewer pinning several findings) costs git processes only for the first. Made at the
 * composition root (see createServiceCaches). Least recently used first out; files over 1 MB are not kept.
 * @example const file = await memo.of(round.base, round.snapshot, "src/a.ts", () => readRoundFile(...));
 */
export class RoundFileMemo {
  readonly #files = new Map<string, Promise<RoundFile>>();

  of(base: string, snapshot: string, path: string, read: () => Promise<RoundFile>): Promise<RoundFile> {
    const key = `${base}\0${snapshot}\0${path}`;
    const kept = this.#files.get(key);
    if (kept !== undefined) {
      this.#files.delete(key);
      this.#files.set(key, kept);
      return kept;
    }
    const reading = read();
    this.#files.set(key, reading);
    if (this.#files.size > MAX_FILES) this.#files.delete(this.#files.keys().next().value!);
    reading.then(
      (file) => {
        if (size(file) > MAX_KEPT_BYTES && this.#files.get(key) === reading) this.#files.delete(key);
      },
      () => {
        // A failed read (git busy, the repository changing) is tried again next time.
        if (this.#files.get(key) === reading) this.#files.delete(key);
      },
    );
    return reading;
  }
}

function size(file: RoundFile): number {
  const of = (content: FileContent) => (content.kind === "text" ? content.text.length : 0);
  return of(file.base) + of(file.snapshot) + file.patch.length;
}
