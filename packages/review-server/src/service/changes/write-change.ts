import { ReviewError } from "@opencode-review/core";
import { readWorktreeBytes, worktreeEntry, writeWorktreeFile, type Repository } from "../../git/index.js";
import { deleteChange, insertChange, newId, writeTransaction, type RoundRow } from "../../store/index.js";
import { blobId } from "../files/file-bytes.js";
import { takeServiceRound } from "../rounds/record-round.js";
import type { ServiceContext } from "../service-context.js";
import { changeJson, type ChangeJson } from "./change-json.js";
import type { LineSpan } from "./file-lines.js";

/** A change to one file, computed against the bytes it was read as. */
export interface ChangePlan {
  readonly kind: "undo" | "apply";
  readonly path: string;
  /** The file as it read when the change was computed (null: no file). */
  readonly read: Uint8Array | null;
  /** What to write (null: delete the file). */
  readonly write: Uint8Array | null;
  /** The mode of a file written where none is (`0o644` unless the diff said otherwise). */
  readonly mode: number;
  readonly beforeSpan: LineSpan;
  readonly afterSpan: LineSpan;
  readonly written: Uint8Array;
  readonly start: number | null;
  readonly end: number | null;
  /**
   * An undo of a renamed file: the old path written back (with `written`, in `mode`) where no file is, while
   * `path` is removed (`write` null). One change: restore puts back both.
   */
  readonly oldPath?: string;
}

/**
 * True when two reads of a file are the same bytes (both null: both absent).
 * @example sameBytes(Buffer.from("a"), Buffer.from("a")) // true
 */
export function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/**
 * The 409 for a file that changed since it was read: nothing is written, and the message says what to do.
 * @example throw staleFile("src/a.ts")
 */
export function staleFile(path: string, details: Record<string, unknown> = {}): ReviewError {
  return new ReviewError(
    "stale",
    `${path} changed since you read it (the agent may be writing it): nothing was written. Look at the diff as it reads now, then try again.`,
    { file: path, ...details },
  );
}

/**
 * The mode of the regular file at `path` (null when none is there); a symlink or anything but a regular file
 * is refused: the review never writes through a link.
 * @example await writableMode(repo, "a.ts") // 0o644
 */
export async function writableMode(repo: Repository, path: string): Promise<number | null> {
  const entry = await worktreeEntry(repo, path);
  if (entry.kind === "missing") return null;
  if (entry.kind === "file") return entry.mode;
  throw new ReviewError(
    "outside_worktree",
    `${path} is ${entry.kind === "symlink" ? "a symlink" : "not a regular file"}; the review never writes through it. Change it in your editor.`,
    { path },
  );
}

/**
 * Refuses (409, nothing written) to write a renamed file back at its old path where a file is now: the person
 * or the agent made one there since, and it is not the review's to overwrite.
 * @example await freePath(repo, "src/old-name.ts")
 */
async function freePath(repo: Repository, path: string): Promise<void> {
  if ((await writableMode(repo, path)) === null) return;
  throw new ReviewError(
    "conflict",
    `${path} exists again, so the rename cannot be undone without overwriting it; move it aside in your editor, then try again.`,
    { file: path },
  );
}

/**
 * Writes a change so that nothing is lost: a round first (unless the caller took it: `taken`) (so the file as it read is in a snapshot too), then
 * the change with the bytes it replaces kept in the store, then the file itself through a temporary file;
 * refused (stale) when the file no longer reads as the change was computed against.
 * @example const change = await writeChange(ctx, repo, plan)
 */
export async function writeChange(
  ctx: ServiceContext,
  repo: Repository,
  plan: ChangePlan,
  taken?: RoundRow,
): Promise<ChangeJson> {
  const mode = await writableMode(repo, plan.path);
  if (plan.oldPath !== undefined) await freePath(repo, plan.oldPath);
  // A caller that took the round already (to read its diff from that very snapshot) passes it.
  const round = taken ?? (await takeServiceRound(ctx, repo)).round;
  if (!sameBytes(await readWorktreeBytes(repo, plan.path), plan.read)) throw staleFile(plan.path);
  const afterBlob = await blobId(plan.write);
  const row = await writeTransaction(ctx.db, (trx) =>
    insertChange(trx, {
      id: newId("change"),
      branch: repo.branchKey,
      kind: plan.kind,
      file: plan.path,
      old_file: plan.oldPath ?? null,
      start: plan.start,
      end: plan.end,
      at: ctx.now(),
      restored_at: null,
      told_at: null,
      round_id: round.id,
      before: plan.read === null ? null : Buffer.from(plan.read),
      before_mode: mode === null ? null : mode.toString(8),
      written: Buffer.from(plan.written),
      after_blob: afterBlob,
      before_start: plan.beforeSpan.start,
      before_lines: plan.beforeSpan.lines,
      after_start: plan.afterSpan.start,
      after_lines: plan.afterSpan.lines,
    }),
  );
  try {
    // The old path first: should the removal fail, the new one is still there and the change is undone whole.
    if (plan.oldPath !== undefined) await writeWorktreeFile(repo, plan.oldPath, plan.written, { mode: plan.mode });
    try {
      await writeWorktreeFile(repo, plan.path, plan.write, { mode: plan.mode });
    } catch (error) {
      if (plan.oldPath !== undefined) await writeWorktreeFile(repo, plan.oldPath, null, { mode: plan.mode });
      throw error;
    }
  } catch (error) {
    await writeTransaction(ctx.db, (trx) => deleteChange(trx, row.id));
    throw error;
  }
  const change = changeJson(row);
  ctx.bus.publish({ type: "change", change });
  return change;
}
