// Scroll anchoring for the virtualized diff: rows added or removed above the row at the top of the screen
// (threads that arrive after the diff, a banner, a reply box) must not push what the person reads away.
// Browsers anchor normal flow themselves (CSS overflow-anchor), but the diff's rows are placed absolutely,
// so the row at the top is found by key in the new layout and the scroll follows it, as a browser would.

/** A laid-out row: its key and where it starts and ends, in pixels from the top of the list. */
export interface PlacedRow {
  readonly key: string | number | bigint;
  readonly start: number;
  readonly end: number;
}

/** The row at the top of the screen and how far into it the screen starts. */
export interface ScrollAnchor {
  readonly key: string | number | bigint;
  readonly offset: number;
}

/**
 * The row the screen starts in, or null at the very top (nothing above can push it, as in browsers).
 * @example anchorAt([{ key: "a", start: 0, end: 20 }, { key: "b", start: 20, end: 40 }], 25) // { key: "b", offset: 5 }
 */
export function anchorAt(rows: readonly PlacedRow[], top: number): ScrollAnchor | null {
  if (top <= 0) return null;
  let low = 0;
  let high = rows.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (rows[mid]!.end > top) {
      found = mid;
      high = mid - 1;
    } else low = mid + 1;
  }
  const row = rows[found];
  return row ? { key: row.key, offset: top - row.start } : null;
}

/**
 * Where the screen must start so the anchored row stays where it was, or null when it is gone.
 * @example anchoredTop([{ key: "x", start: 0, end: 300 }, { key: "b", start: 300, end: 320 }], { key: "b", offset: 5 }) // 305
 */
export function anchoredTop(rows: readonly PlacedRow[], anchor: ScrollAnchor): number | null {
  const row = rows.find((r) => r.key === anchor.key);
  return row ? row.start + anchor.offset : null;
}
