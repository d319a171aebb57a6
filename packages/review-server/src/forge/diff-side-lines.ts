/**
 * The line numbers a unified-diff patch shows on each side (context lines on both): where a forge
 * accepts a review comment.
 * @example diffSideLines("@@ -1,2 +1,2 @@\n a\n-b\n+c").new // Set { 1, 2 }
 */
export function diffSideLines(patch: string): { readonly new: ReadonlySet<number>; readonly old: ReadonlySet<number> } {
  const added = new Set<number>();
  const removed = new Set<number>();
  let oldLine = 0;
  let newLine = 0;
  for (const line of patch.split("\n")) {
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (header !== null) {
      oldLine = Number(header[1]);
      newLine = Number(header[2]);
      continue;
    }
    if (oldLine === 0 && newLine === 0) continue;
    if (line.startsWith("+")) added.add(newLine++);
    else if (line.startsWith("-")) removed.add(oldLine++);
    else if (line.startsWith(" ")) {
      added.add(newLine++);
      removed.add(oldLine++);
    }
  }
  return { new: added, old: removed };
}
