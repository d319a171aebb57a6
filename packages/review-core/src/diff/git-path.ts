// git prints a path inside double quotes, C style, when it holds a control character, a double quote,
// a backslash or (with the default core.quotePath) any byte above 0x7f. Octal escapes are raw bytes of
// the UTF-8 name, so a run of them is decoded together. decodeURIComponent does the UTF-8 decoding
// because it is plain ECMAScript: core runs in the browser and under Node without DOM typings.

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  t: "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  '"': '"',
  "\\": "\\",
};

/** A path read from a diff header, and how many characters of the header it used. */
export interface ReadGitPath {
  readonly path: string;
  readonly length: number;
}

/**
 * Turns a path as git prints it into the path itself: a quoted path is unescaped, any other is returned as is.
 * @example unquoteGitPath('"caf\\303\\251.txt"') // "café.txt"
 */
export function unquoteGitPath(s: string): string {
  if (!s.startsWith('"')) return s;
  const read = readQuotedGitPath(s, 0);
  return read !== null && read.length === s.length ? read.path : s;
}

/**
 * Reads one quoted path starting at `from` (which must be a `"`), up to its closing quote; null when it is not closed.
 * @example readQuotedGitPath('"a/x\\ty" "b/x\\ty"', 0) // { path: "a/x\ty", length: 8 }
 */
export function readQuotedGitPath(s: string, from: number): ReadGitPath | null {
  if (s[from] !== '"') return null;
  let path = "";
  let bytes: number[] = [];
  let i = from + 1;
  while (i < s.length) {
    const c = s[i] as string;
    if (c === "\\") {
      const next = s[i + 1];
      const octal = /^[0-7]{3}/.exec(s.slice(i + 1, i + 4));
      if (octal) {
        bytes.push(parseInt(octal[0], 8));
        i += 4;
        continue;
      }
      path += decodeUtf8(bytes);
      bytes = [];
      if (next !== undefined && next in SIMPLE_ESCAPES) {
        path += SIMPLE_ESCAPES[next];
        i += 2;
        continue;
      }
      // Not an escape git writes; keep the backslash rather than lose a character.
      path += c;
      i += 1;
      continue;
    }
    path += decodeUtf8(bytes);
    bytes = [];
    if (c === '"') return { path, length: i + 1 - from };
    path += c;
    i += 1;
  }
  return null;
}

function decodeUtf8(bytes: readonly number[]): string {
  if (bytes.length === 0) return "";
  try {
    return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""));
  } catch {
    // A name that is not UTF-8 (an old Latin-1 file name) cannot be shown faithfully; mark each byte.
    return "\uFFFD".repeat(bytes.length);
  }
}
