// A line's pieces (syntax tokens, or the whole text) cut where its changed words start and end, so either
// panel can colour the changed words over the syntax colours.

/** A piece of a line with whether it lies in a changed word (`words` of GET /api/diff). */
export type WordPiece<T> = { readonly piece: T; readonly text: string; readonly changed: boolean };

/**
 * The pieces of a line cut at its changed words' edges, each marked changed or not. With no words, the pieces
 * as they are, none changed.
 * @example cutAtWords([{ text: "a = qty;" }], [[4, 7]]).map((p) => [p.text, p.changed]) // [["a = ", false], ["qty", true], [";", false]]
 */
export function cutAtWords<T extends { readonly text: string }>(
  pieces: readonly T[],
  words: readonly (readonly [number, number])[] | undefined,
): WordPiece<T>[] {
  if (!words || words.length === 0) return pieces.map((piece) => ({ piece, text: piece.text, changed: false }));
  const out: WordPiece<T>[] = [];
  let at = 0;
  for (const piece of pieces) {
    const end = at + piece.text.length;
    let cut = at;
    // The edges of changed words inside this piece, in order.
    for (const [start, stop] of words) {
      if (stop <= cut || start >= end) continue;
      const from = Math.max(start, cut);
      if (from > cut) out.push({ piece, text: piece.text.slice(cut - at, from - at), changed: false });
      const to = Math.min(stop, end);
      out.push({ piece, text: piece.text.slice(from - at, to - at), changed: true });
      cut = to;
    }
    if (cut < end) out.push({ piece, text: piece.text.slice(cut - at), changed: false });
    at = end;
  }
  return out;
}
