// Go to file, as GitHub's `t`: the changed files ranked by a fuzzy match of what is typed (fuzzysort).
import fuzzysort from "fuzzysort";

/** One file the finder offers, its path cut into matched and unmatched pieces for the list. */
export interface FoundFile {
  readonly path: string;
  readonly pieces: readonly { readonly text: string; readonly matched: boolean }[];
}

/** The most files the list shows: enough for a screen, few enough to stay quick on 300 files. */
const limit = 50;

/**
 * The files that match `query` best first; every file in its order when the query is empty.
 * @example findFiles(["src/app.ts", "README.md"], "sapp")[0].path // "src/app.ts"
 */
export function findFiles(paths: readonly string[], query: string): FoundFile[] {
  const typed = query.trim();
  if (typed === "") return paths.slice(0, limit).map((path) => ({ path, pieces: [{ text: path, matched: false }] }));
  // Spaces separate words that may match anywhere in the path, as on GitHub ("app test").
  return fuzzysort.go(typed, paths, { limit, threshold: 0 }).map((result) => {
    const pieces: { text: string; matched: boolean }[] = [];
    const marked = new Set(result.indexes);
    for (let i = 0; i < result.target.length; i++) {
      const matched = marked.has(i);
      const last = pieces[pieces.length - 1];
      if (last && last.matched === matched) last.text += result.target[i];
      else pieces.push({ text: result.target[i]!, matched });
    }
    return { path: result.target, pieces };
  });
}

/**
 * What go-to-file offers: the diff's files first, in their order, then every other file of the work tree.
 * @example finderPaths(["src/a.ts"], ["README.md", "src/a.ts"]) // ["src/a.ts", "README.md"]
 */
export function finderPaths(changed: readonly string[], worktree: readonly string[]): string[] {
  const shown = new Set(changed);
  return [...changed, ...worktree.filter((p) => !shown.has(p))];
}
