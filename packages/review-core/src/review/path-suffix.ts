/**
 * True when `suffix` names `path` or its last whole segments: `a.ts` matches `src/a.ts`,
 * never `src/data.ts`. Backslashes, `./` and a leading `/` are forgiven, since models write all three.
 * @example matchesPathSuffix("pkg/src/a.ts", "src/a.ts") // true
 */
export function matchesPathSuffix(path: string, suffix: string): boolean {
  const p = normalizePath(path);
  const s = normalizePath(suffix);
  if (s === "") return false;
  return p === s || p.endsWith(`/${s}`);
}

function normalizePath(path: string): string {
  return path
    .replace(/\\/g, "/")
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".")
    .join("/");
}
