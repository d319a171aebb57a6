import { Transform, type Readable } from "node:stream";

/** The longest message line the MCP server reads: the SDK's own stdio buffer limit. */
export const MAX_MESSAGE_LINE_BYTES = 10 * 1024 * 1024;

/**
 * Passes `input` on one whole line at a time, and drops any line longer than `maxLineBytes` (its newline
 * excluded), calling `onTooLong` once for it as soon as it is known to be too long. The MCP SDK's stdio
 * transport closes itself (and so the server, which then exits 0 saying nothing) when a line outgrows its
 * buffer; behind this it never sees such a line, and a line it does see is whole, so its buffer empties
 * after every message. Collecting a line's chunks and joining them once also saves the SDK's copy of the
 * whole buffer on every chunk.
 * @example const lines = boundLines(process.stdin, { maxLineBytes: MAX_MESSAGE_LINE_BYTES, onTooLong: () => answerError() })
 */
export function boundLines(
  input: Readable,
  options: { readonly maxLineBytes: number; readonly onTooLong: () => void },
): Readable {
  let parts: Buffer[] = [];
  let size = 0;
  let dropping = false;
  const lines = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      for (let start = 0; start < bytes.length; ) {
        const newline = bytes.indexOf(10, start);
        const end = newline === -1 ? bytes.length : newline + 1;
        if (!dropping) {
          const piece = bytes.subarray(start, end);
          if (size + piece.length - (newline === -1 ? 0 : 1) > options.maxLineBytes) {
            dropping = true;
            parts = [];
            size = 0;
            options.onTooLong();
          } else {
            parts.push(piece);
            size += piece.length;
          }
        }
        if (newline !== -1) {
          if (!dropping) this.push(Buffer.concat(parts, size));
          parts = [];
          size = 0;
          dropping = false;
        }
        start = end;
      }
      done();
    },
    flush(done) {
      if (!dropping && size > 0) this.push(Buffer.concat(parts, size));
      done();
    },
  });
  input.on("error", (error) => lines.destroy(error));
  return input.pipe(lines);
}
