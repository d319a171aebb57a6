import type { AnchorContext } from "@opencode-review/core";
import type { Kysely } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";

/** `tours` as stored (migration 0022): the branch's one tour, its steps as JSON text. */
export interface ToursTable {
  branch: string;
  id: string;
  title: string | null;
  /** The round the steps' lines were read at (each step's `then`). */
  round_id: string;
  /** JSON array of StoredTourStep. */
  steps: string;
  created_at: string;
}

/** One step as kept: the place given, the text, and what its lines read at the tour's round. */
export interface StoredTourStep {
  readonly file: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly text: string;
  readonly quoted: readonly string[];
  readonly context: AnchorContext;
}

/** A tour row with its steps read. */
export interface TourRow {
  readonly branch: string;
  readonly id: string;
  readonly title: string | null;
  readonly round_id: string;
  readonly steps: readonly StoredTourStep[];
  readonly created_at: string;
}

/**
 * Stores a branch's tour, replacing the one it had.
 * @example await replaceTour(trx, { branch: "main", id, title: null, round_id, steps, created_at: now })
 */
export async function replaceTour(db: Kysely<Database>, tour: TourRow): Promise<void> {
  requireWriteTransaction(db, "replaceTour");
  const values = { ...tour, steps: JSON.stringify(tour.steps) };
  await db
    .insertInto("tours")
    .values(values)
    .onConflict((conflict) =>
      conflict.column("branch").doUpdateSet({
        id: values.id,
        title: values.title,
        round_id: values.round_id,
        steps: values.steps,
        created_at: values.created_at,
      }),
    )
    .execute();
}

/**
 * The branch's tour, or undefined when it has none.
 * @example const tour = await tourOfBranch(db, "main")
 */
export async function tourOfBranch(db: Kysely<Database>, branch: string): Promise<TourRow | undefined> {
  const row = await db.selectFrom("tours").selectAll().where("branch", "=", branch).executeTakeFirst();
  return row === undefined ? undefined : { ...row, steps: JSON.parse(row.steps) as StoredTourStep[] };
}
