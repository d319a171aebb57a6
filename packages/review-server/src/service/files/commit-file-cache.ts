import type { FileContent } from "../../git/index.js";

// Enough for the texts of a large review (hundreds of files over a few rounds) without growing unbounded.
const DEFAULT_BUDGET = 64 * 1024 * 1024;

/**
 * Files at commits, kept across operations. A commit never changes, so an entry keyed by commit id and
 * path is never stale; listing threads then needs no git process at all once the rounds were read once.
 * Least recently used entries go first when the budget (in UTF-16 code units of text) is spent.
 * Made at the composition root (see createServiceCaches) and read through by each operation's FileReader.
 */
export class CommitFileCache {
  readonly #entries = new Map<string, FileContent>();
  readonly #budget: number;
  #used = 0;

  constructor(budget = DEFAULT_BUDGET) {
    this.#budget = budget;
  }

  /** @example cache.get(round.snapshot, "src/a.ts") // undefined when not read yet */
  get(commit: string, path: string): FileContent | undefined {
    const key = `${commit}\0${path}`;
    const found = this.#entries.get(key);
    if (found !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, found);
    }
    return found;
  }

  /** @example cache.set(round.snapshot, "src/a.ts", { kind: "text", text }) */
  set(commit: string, path: string, content: FileContent): void {
    const key = `${commit}\0${path}`;
    const size = sizeOf(content);
    if (size > this.#budget) return;
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#used -= sizeOf(old);
      this.#entries.delete(key);
    }
    this.#entries.set(key, content);
    this.#used += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#used <= this.#budget) break;
      this.#entries.delete(oldest);
      this.#used -= sizeOf(entry);
    }
  }
}

function sizeOf(content: FileContent): number {
  return content.kind === "text" ? content.text.length + 64 : 64;
}
