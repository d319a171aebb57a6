/**
 * Linux's limits on a path (PATH_MAX 4096 bytes, NAME_MAX 255 bytes a segment): past them the file system
 * answers ENAMETOOLONG, which used to surface as a 500; checked first, they are a refusal that says which.
 */
export const maxPathBytes = 4096;
export const maxSegmentBytes = 255;

/** UTF-8 length, counted by code point (core has no TextEncoder: it runs without DOM or Node types). */
function bytes(text: string): number {
  let total = 0;
  for (const char of text) {
    const point = char.codePointAt(0)!;
    total += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return total;
}

/**
 * Why a path is longer than a file system allows, or null when it is not.
 * @example pathTooLong("a".repeat(300)) // "a path segment is 300 bytes long (aaaaaaaaaaaaaaaaaaaa...); the limit is 255 bytes"
 */
export function pathTooLong(path: string): string | null {
  const total = bytes(path);
  if (total > maxPathBytes) return `the path is ${total} bytes long; the limit is ${maxPathBytes} bytes`;
  for (const segment of path.split(/[\\/]/)) {
    const length = bytes(segment);
    if (length > maxSegmentBytes) {
      return `a path segment is ${length} bytes long (${segment.slice(0, 20)}...); the limit is ${maxSegmentBytes} bytes`;
    }
  }
  return null;
}
