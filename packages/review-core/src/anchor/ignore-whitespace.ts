/**
 * A text with every whitespace character removed (spaces, tabs, a CRLF's "\r", line breaks), so two
 * texts that differ only by indentation, spacing or line endings squash to the same string.
 * @example squashWhitespace("  return  a ;\r") // "returna;"
 */
export function squashWhitespace(text: string): string {
  return text.replace(/\s+/g, "");
}

/**
 * Whether two texts (or `a` from `aFrom` to `aTo`) are equal once every whitespace character is
 * removed; compares in place, without building squashed strings, since it runs over whole files.
 * @example equalIgnoringWhitespace("\tif (a) {\r", "if(a){") // true
 */
export function equalIgnoringWhitespace(a: string, b: string, aFrom = 0, aTo = a.length): boolean {
  let i = aFrom;
  let j = 0;
  for (;;) {
    while (i < aTo && isWhitespace(a.charCodeAt(i))) i++;
    while (j < b.length && isWhitespace(b.charCodeAt(j))) j++;
    if (i === aTo || j === b.length) return i === aTo && j === b.length;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
    i++;
    j++;
  }
}

/**
 * Whether a UTF-16 code unit is whitespace: exactly the characters of the regular expression class `\s`.
 * @example isWhitespace(0x09) // true (tab)
 */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
