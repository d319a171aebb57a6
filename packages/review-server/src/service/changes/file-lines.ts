/**
 * A file's lines as byte offsets: `offsets[i]` is where line i (0-based) starts and `offsets[count]` is the
 * file's length. Lines end at "\n" (kept in the line, as is a "\r" before it), a final "\n" ends the last
 * line rather than starting an empty one: the numbering git's diff and the core's `splitLines` use.
 * @example lineOffsets(Buffer.from("a\r\nb")) // [0, 3, 4]
 */
export function lineOffsets(bytes: Uint8Array): number[] {
  const offsets = [0];
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) offsets.push(at + 1);
  if (offsets[offsets.length - 1] !== bytes.length) offsets.push(bytes.length);
  return offsets;
}

/**
 * Each line's bytes as a string whose characters are the bytes (latin1), with its line ending: two lines are
 * equal exactly when their bytes are, whatever the encoding.
 * @example byteLines(Buffer.from("a\nb")) // ["a\n", "b"]
 */
export function byteLines(bytes: Uint8Array, offsets: readonly number[] = lineOffsets(bytes)): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines: string[] = [];
  for (let i = 0; i + 1 < offsets.length; i++) lines.push(text.toString("latin1", offsets[i], offsets[i + 1]));
  return lines;
}

/** A run of lines: its first line (0-based) and how many. */
export interface LineSpan {
  readonly start: number;
  readonly lines: number;
}

/**
 * `bytes` with the lines of `span` replaced by `put` (raw bytes, line endings included).
 * @example spliceLines(Buffer.from("a\nb\nc\n"), { start: 1, lines: 1 }, Buffer.from("B\n")) // "a\nB\nc\n"
 */
export function spliceLines(bytes: Uint8Array, span: LineSpan, put: Uint8Array, offsets = lineOffsets(bytes)): Buffer {
  const from = offsets[span.start]!;
  const to = offsets[span.start + span.lines]!;
  return Buffer.concat([bytes.subarray(0, from), put, bytes.subarray(to)]);
}

/**
 * The raw bytes of the lines of `span`.
 * @example linesBytes(Buffer.from("a\nb\n"), { start: 1, lines: 1 }) // "b\n"
 */
export function linesBytes(bytes: Uint8Array, span: LineSpan, offsets = lineOffsets(bytes)): Uint8Array {
  return bytes.subarray(offsets[span.start]!, offsets[span.start + span.lines]!);
}
