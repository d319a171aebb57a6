/**
 * The lines of a text, split on "\n" only: a "\r" before the "\n" stays in its line, so a CRLF file
 * and its LF twin differ on every line (a whitespace-only difference). A final "\n" ends the last line
 * rather than starting an empty one, and "" has no lines at all.
 * @example splitLines("a\r\nb\n") // ["a\r", "b"]
 */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let from = 0;
  while (from < text.length) {
    const nl = text.indexOf("\n", from);
    if (nl === -1) {
      lines.push(text.slice(from));
      break;
    }
    lines.push(text.slice(from, nl));
    from = nl + 1;
  }
  return lines;
}
