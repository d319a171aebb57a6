import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { Database } from "../database.js";
import { newId } from "../new-id.js";
import { requireWriteTransaction } from "../write-transaction.js";

/** `rounds`: snapshots of the agent's work, numbered from 1 per branch. */
export interface RoundsTable {
  id: string;
  branch: string;
  /** 1, 2, 3... per branch; unique with `branch`. */
  ordinal: number;
  /** The commit the change is measured against. */
  base: string;
  /** The commit object made from the work tree. */
  snapshot: string;
  /** The snapshot's tree, to tell whether anything changed since. */
  tree: string;
  created_at: string;
}

export type RoundRow = Readonly<Selectable<RoundsTable>>;

/** A round to record; the ordinal is the branch's next one, the id and time are made when absent. */
export type NewRound = Omit<Insertable<RoundsTable>, "id" | "ordinal" | "created_at"> & {
  readonly id?: string;
  readonly created_at: string;
};

/**
 * Records a round with the branch's next ordinal (computed in the same statement, so two
 * processes cannot take the same number).
 * @example const round = await insertRound(trx, { branch: "main", base, snapshot, tree })
 */
export async function insertRound(db: Kysely<Database>, round: NewRound): Promise<RoundRow> {
  requireWriteTransaction(db, "insertRound");
  return db
    .insertInto("rounds")
    .values({
      id: round.id ?? newId("round"),
      branch: round.branch,
      ordinal: sql<number>`(select coalesce(max(ordinal), 0) + 1 from rounds where branch = ${round.branch})`,
      base: round.base,
      snapshot: round.snapshot,
      tree: round.tree,
      created_at: round.created_at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The branch's newest round, or undefined before the first one.
 * @example const latest = await latestRound(db, "main")
 */
export async function latestRound(db: Kysely<Database>, branch: string): Promise<RoundRow | undefined> {
  return db
    .selectFrom("rounds")
    .selectAll()
    .where("branch", "=", branch)
    .orderBy("ordinal", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * One round by id, or undefined.
 * @example const round = await roundById(db, "r_...")
 */
export async function roundById(db: Kysely<Database>, id: string): Promise<RoundRow | undefined> {
  return db.selectFrom("rounds").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Every round of the branch, oldest first.
 * @example const rounds = await roundsByBranch(db, "main")
 */
export async function roundsByBranch(db: Kysely<Database>, branch: string): Promise<RoundRow[]> {
  return db.selectFrom("rounds").selectAll().where("branch", "=", branch).orderBy("ordinal", "asc").execute();
}
