// Reading a captured terminal screen as a person does: a sentence counts as shown when all of it is there,
// on one line or wrapped at its words over the lines below, never cut at an edge.

// What frames boxes and panes: a sentence's piece on a line ends at one of these, or at a wide blank.
const EDGE = /^(\s*$|\s*[│┃┆║╎|]|\s{2,})/;
const START = /(^|[\s│┃┆║╎|])$/;

function fromLine(lines: readonly string[], at: number, words: readonly string[]): boolean {
  const line = lines[at];
  if (line === undefined) return false;
  for (let take = words.length; take >= 1; take--) {
    const piece = words.slice(0, take).join(" ");
    for (let from = line.indexOf(piece); from !== -1; from = line.indexOf(piece, from + 1)) {
      if (!START.test(line.slice(0, from))) continue;
      if (take === words.length) return true;
      // Wrapped: this line's piece ends where its box or pane does, and the rest starts the next line's text.
      if (EDGE.test(line.slice(from + piece.length)) && fromLine(lines, at + 1, words.slice(take))) return true;
    }
  }
  return false;
}

/**
 * Whether `phrase` is on the screen whole: on one line, or wrapped at its words onto the lines that follow.
 * @example shownWhole("…set BROWSER to\n  choose a browser)", "set BROWSER to choose a browser)") // true
 */
export function shownWhole(screen: string, phrase: string): boolean {
  const lines = screen.split("\n").map((l) => l.replace(/\s+$/, ""));
  const words = phrase.split(/\s+/).filter((w) => w !== "");
  return lines.some((_, at) => fromLine(lines, at, words));
}

/**
 * The phrases not shown whole on the screen (an empty list when every one is).
 * @example expect(notShownWhole(screen, ["0 of 2 viewed", "ctrl+g discards"])).toEqual([])
 */
export function notShownWhole(screen: string, phrases: readonly string[]): string[] {
  return phrases.filter((p) => !shownWhole(screen, p));
}
