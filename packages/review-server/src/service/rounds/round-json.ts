import type { RoundRow } from "../../store/index.js";

/** A round as HTTP and events show it. */
export interface RoundJson {
  readonly id: string;
  readonly ordinal: number;
  readonly base: string;
  readonly snapshot: string;
  readonly createdAt: string;
}

/** @example roundJson(row) // { id: "r_...", ordinal: 1, base, snapshot, createdAt } */
export function roundJson(row: RoundRow): RoundJson {
  return { id: row.id, ordinal: row.ordinal, base: row.base, snapshot: row.snapshot, createdAt: row.created_at };
}
