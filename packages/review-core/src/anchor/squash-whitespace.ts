/**
 * A line with every whitespace character removed (spaces, tabs, a CRLF's "\r"), so two lines that
 * differ only by indentation, spacing or line ending squash to the same string.
 * @example squashWhitespace("  return  a ;\r") // "returna;"
 */
export function squashWhitespace(line: string): string {
  return line.replace(/\s+/g, "");
}
