import { equalIgnoringWhitespace, isWhitespace } from "./ignore-whitespace.js";

/**
 * A text's lines as offsets into it, split as `splitLines` splits (on "\n" only; a final "\n" ends
 * the last line). The locate cache keeps dozens of files' lines: as offsets they are two typed arrays
 * per file, where strings would be thousands of objects for every garbage collection to walk.
 */
export interface TextLines {
  readonly text: string;
  readonly count: number;
  /** Where each line (0-based) begins in `text`, and where it ends (before its "\n"). */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/**
 * The lines of a text, as offsets.
 * @example lineAt(textLines("a\r\nb\n"), 0) // "a\r"
 */
export function textLines(text: string): TextLines {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  if (text.length > 0 && !text.endsWith("\n")) count++;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  let from = 0;
  for (let index = 0; index < count; index++) {
    const newline = text.indexOf("\n", from);
    const end = newline === -1 ? text.length : newline;
    starts[index] = from;
    ends[index] = end;
    from = end + 1;
  }
  return { text, count, starts, ends };
}

/**
 * The text of a line (0-based).
 * @example lineAt(textLines("a\nb\n"), 1) // "b"
 */
export function lineAt(lines: TextLines, index: number): string {
  return lines.text.slice(lines.starts[index], lines.ends[index]);
}

/**
 * Whether a line (0-based) reads exactly as `expected`, without taking it out of the text.
 * @example lineIs(textLines("a\nb\n"), 1, "b") // true
 */
export function lineIs(lines: TextLines, index: number, expected: string): boolean {
  const start = lines.starts[index] as number;
  return (lines.ends[index] as number) - start === expected.length && lines.text.startsWith(expected, start);
}

/**
 * Whether a line (0-based) reads as `expected` once all whitespace is ignored.
 * @example lineIsIgnoringWhitespace(textLines("\tx = 1;\r\n"), 0, "x=1;") // true
 */
export function lineIsIgnoringWhitespace(lines: TextLines, index: number, expected: string): boolean {
  return equalIgnoringWhitespace(lines.text, expected, lines.starts[index], lines.ends[index]);
}

/**
 * Each line's length without its whitespace: a cheap first test before comparing two lines
 * ignoring whitespace (lines of different such lengths never match).
 * @example nonSpaceLengths(textLines("  a b\n")) // Int32Array [2]
 */
export function nonSpaceLengths(lines: TextLines): Int32Array {
  const lengths = new Int32Array(lines.count);
  for (let index = 0; index < lines.count; index++) {
    lengths[index] = nonSpaceLength(lines.text, lines.starts[index] as number, lines.ends[index] as number);
  }
  return lengths;
}

/**
 * How many characters of `text` (from `from` to `to`) are not whitespace.
 * @example nonSpaceLength("\treturn x;\r") // 9
 */
export function nonSpaceLength(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let i = from; i < to; i++) if (!isWhitespace(text.charCodeAt(i))) count++;
  return count;
}
