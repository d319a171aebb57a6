// Plain text broken into terminal lines at word boundaries, for every sentence the view draws (header,
// status, confirmations, the editor's hint, the key list, the tree): cut at the edge, a key or a reason is lost.

/** Joins words that must stay on one line (a key such as "ctrl+x v"): wrapWords never breaks there. */
export const KEEP = "\u00a0";

/**
 * `text` as lines of at most `width` characters, broken at spaces; a word longer than a line (a link) is
 * split across lines. Continuation lines start with `indent` spaces; `KEEP` joins words and prints as a space.
 * @example wrapWords("Enter saves the draft · Escape cancels", 24) // ["Enter saves the draft ·", "Escape cancels"]
 */
export function wrapWords(text: string, width: number, indent = 0): string[] {
  const room = Math.max(1, width);
  const lead = " ".repeat(Math.min(indent, Math.max(0, room - 1)));
  const lines: string[] = [];
  let line = "";
  // The spaces before the next word, as written (the key list pads its columns): dropped where the line breaks.
  let gap = "";
  const fresh = () => line === "" || (lines.length > 0 && line === lead);
  const next = () => {
    lines.push(line);
    line = lead;
  };
  for (const token of text.replace(/\s*\n\s*/g, " ").match(/ +|[^ ]+/g) ?? []) {
    if (token.startsWith(" ")) {
      // The text's own indent is kept; spaces where a line breaks are not.
      gap = lines.length === 0 && line === "" ? token : fresh() ? "" : token;
      continue;
    }
    if (line.length + gap.length + token.length <= room) {
      line += gap + token;
      gap = "";
      continue;
    }
    if (!fresh()) next();
    else if (lines.length === 0) line += gap;
    gap = "";
    // A word longer than a whole line (a path, a link) is split after its last -, _, ., / or : that fits,
    // else where the line ends.
    let rest = token;
    while (line.length + rest.length > room) {
      const fits = rest.slice(0, room - line.length);
      const joint = Math.max(...["-", "_", ".", "/", ":"].map((c) => fits.lastIndexOf(c)));
      const take = joint > 0 ? joint + 1 : fits.length;
      line += rest.slice(0, take);
      rest = rest.slice(take);
      next();
    }
    line += rest;
  }
  if (!fresh() || lines.length === 0) lines.push(line);
  return lines.map((l) => l.replaceAll(KEEP, " "));
}
