import type { ChangeRow } from "../../store/index.js";

/** A change as the API and the panels show it (docs/http.md). */
export interface ChangeJson {
  readonly id: string;
  readonly kind: "undo" | "apply";
  readonly file: string;
  /** An undo of a renamed file: the old path it wrote back (the file at `file` was removed). */
  readonly oldPath?: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly at: string;
  readonly restoredAt: string | null;
}

/**
 * A stored change as JSON, the kept bytes left out.
 * @example changeJson(row) // { id: "c_…", kind: "undo", file: "a.ts", start: 3, end: 4, at, restoredAt: null }
 */
export function changeJson(
  row: Pick<ChangeRow, "id" | "kind" | "file" | "old_file" | "start" | "end" | "at" | "restored_at">,
): ChangeJson {
  return {
    id: row.id,
    kind: row.kind,
    file: row.file,
    ...(row.old_file === null ? {} : { oldPath: row.old_file }),
    start: row.start,
    end: row.end,
    at: row.at,
    restoredAt: row.restored_at,
  };
}
