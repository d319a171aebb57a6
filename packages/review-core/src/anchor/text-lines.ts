import { equalIgnoringWhitespace } from "./ignore-whitespace.js";

/**
 * A text's lines as offsets into it (made by preparePair), split as `splitLines` splits (on "\n" only;
 * a final "\n" ends the last line). The locate cache keeps dozens of files' lines: as offsets they are
 * two typed arrays per file, where strings would be thousands of objects for every garbage collection
 * to walk.
 */
export interface TextLines {
  readonly text: string;
  readonly count: number;
  /** Where each line (0-based) begins in `text`, and where it ends (before its "\n"). */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/**
 * The text of a line (0-based).
 * @example lineAt(preparePair("a\nb\n", "").then, 1) // "b"
 */
export function lineAt(lines: TextLines, index: number): string {
  return lines.text.slice(lines.starts[index], lines.ends[index]);
}

/**
 * Whether a line (0-based) reads exactly as `expected`, without taking it out of the text.
 * @example lineIs(preparePair("a\nb\n", "").then, 1, "b") // true
 */
export function lineIs(lines: TextLines, index: number, expected: string): boolean {
  const start = lines.starts[index] as number;
  return (lines.ends[index] as number) - start === expected.length && lines.text.startsWith(expected, start);
}

/**
 * Whether a line (0-based) reads as `expected` once all whitespace is ignored.
 * @example lineIsIgnoringWhitespace(preparePair("\tx = 1;\r\n", "").then, 0, "x=1;") // true
 */
export function lineIsIgnoringWhitespace(lines: TextLines, index: number, expected: string): boolean {
  return equalIgnoringWhitespace(lines.text, expected, lines.starts[index], lines.ends[index]);
}
