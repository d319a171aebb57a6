import type { AnchorContext, Side } from "@opencode-review/core";

/**
 * The columns that pin something to a place in a round's diff, shared by `threads` and `findings`: a file
 * (with its path at the base for a renamed file's deleted lines), a side, a line range (null: the whole file),
 * the round, and the quoted lines with their context as JSON text.
 */
export interface PlacedColumns {
  branch: string;
  file: string;
  /** For a comment on deleted lines of a file its round renamed: the path at the round's base (migration 0004). */
  base_file: string | null;
  side: Side;
  /** 1-based, inclusive; both null for a whole-file thread or finding. */
  start_line: number | null;
  end_line: number | null;
  round_id: string;
  /** JSON array of the quoted diff lines, each with its marker. */
  quoted: string;
  /** JSON `{ before, after }`. */
  context: string;
}

/** The same place with its JSON decoded. */
export type Placed<Row extends PlacedColumns> = Omit<Row, "quoted" | "context"> & {
  readonly quoted: readonly string[];
  readonly context: AnchorContext;
};

/**
 * Encodes a place's quote and context for the row; the rest of the place is stored as it is.
 * @example db.insertInto("findings").values({ ...finding, ...encodePlacedJson(finding) })
 */
export function encodePlacedJson(place: {
  readonly quoted: readonly string[];
  readonly context: AnchorContext;
}): Pick<PlacedColumns, "quoted" | "context"> {
  return { quoted: JSON.stringify(place.quoted), context: JSON.stringify(place.context) };
}

/**
 * Decodes a stored row's quote and context.
 * @example const thread = { ...decodePlacedJson(row), checkpoint_quoted: ... }
 */
export function decodePlacedJson<Row extends PlacedColumns>(row: Row): Placed<Row> {
  return { ...row, quoted: JSON.parse(row.quoted) as string[], context: JSON.parse(row.context) as AnchorContext };
}

/** Anything pinned to a place (a thread or a finding), as locating reads it: its id and its decoded place. */
export type PlacedRow = Readonly<{ id: string } & Placed<PlacedColumns>>;
