/** The shortest piece of a token that counts as a piece of it: shorter runs occur in ordinary text. */
export const TOKEN_PIECE = 8;

/**
 * A forge's words with the token, and every piece of it of 8 characters or more, replaced by `[token]`.
 * Runs on the whole text before anything shortens it: a cut made first could leave the token's first
 * characters at the end, where no search for the whole token finds them. Linear in the text's length.
 * @example redactToken("Bad credentials: ghp_abcdefgh12", "ghp_abcdefgh1234") // "Bad credentials: [token]"
 */
export function redactToken(text: string, token: string | null): string {
  if (token === null || token.length < TOKEN_PIECE || text.length < TOKEN_PIECE) return text;
  const pieces = new Set<string>();
  for (let i = 0; i + TOKEN_PIECE <= token.length; i++) pieces.add(token.slice(i, i + TOKEN_PIECE));
  // Every window of the text that is a piece of the token marks its characters; marked runs become one [token].
  const marked = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i + TOKEN_PIECE <= text.length; i++) {
    if (!pieces.has(text.slice(i, i + TOKEN_PIECE))) continue;
    marked.fill(1, i, i + TOKEN_PIECE);
    any = true;
  }
  if (!any) return text;
  let out = "";
  for (let i = 0; i < text.length; ) {
    if (marked[i] === 0) {
      const end = marked.indexOf(1, i);
      out += text.slice(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
    } else {
      out += "[token]";
      while (i < text.length && marked[i] === 1) i++;
    }
  }
  return out;
}
