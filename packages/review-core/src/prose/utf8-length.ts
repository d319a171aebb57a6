/**
 * The size of a string in UTF-8 bytes, which is what output limits are about. Counted by hand
 * because core targets ES2023 without DOM or Node types, so neither TextEncoder nor Buffer is declared.
 * @example utf8Length("é") // 2
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
