import { ReviewError } from "@opencode-review/core";
import { readWorktreeBytes, writeWorktreeFile, type Repository } from "../../git/index.js";
import { changeById, markChangeRestored, writeTransaction, type ChangeRow } from "../../store/index.js";
import { blobId } from "../files/file-bytes.js";
import { takeServiceRound } from "../rounds/record-round.js";
import type { ServiceContext } from "../service-context.js";
import { changeJson, type ChangeJson } from "./change-json.js";
import { linesBytes } from "./file-lines.js";
import { restoredBytes } from "./restore-bytes.js";
import { sameBytes, writableMode } from "./write-change.js";

/**
 * Writes back, byte for byte, what a change replaced, over the file as it reads now: the replaced lines where
 * the change's lines are now, the rest as it is. When those lines changed since, 409 `stale` with the kept text
 * (`details.kept`) for the person to copy; it never writes over newer work. Works after a restart or a crash:
 * everything it needs is in the store.
 * @example const { change } = await restoreChange(ctx, "c_…")
 */
export async function restoreChange(ctx: ServiceContext, id: string): Promise<{ readonly change: ChangeJson }> {
  const repo = await ctx.repository();
  const row = await changeById(ctx.db, repo.branchKey, id);
  if (row === undefined) {
    throw new ReviewError("not_found", `No change ${id} on ${repo.branchKey}. GET /api/changes lists them.`);
  }
  if (row.restored_at !== null) {
    throw new ReviewError("conflict", `That change to ${row.file} was already restored at ${row.restored_at}.`);
  }
  const path = row.file;
  const mode = await writableMode(repo, path);
  const now = await readWorktreeBytes(repo, path);
  // An undone rename: the old path the undo wrote back goes again, unless someone changed it since.
  const oldPath = row.old_file;
  const oldTarget = oldPath === null ? "already" : await renamedBackTarget(repo, oldPath, row.written);
  const target = oldTarget === "stale" ? "stale" : await restoreTarget(row, now);
  if (target === "stale") {
    const kept = row.before === null ? "" : Buffer.from(linesBytes(row.before, beforeSpan(row))).toString("utf8");
    throw new ReviewError(
      "stale",
      `${path} changed since that ${row.kind === "undo" ? "undo" : "suggestion"} where it wrote: nothing was restored, so newer work is safe. The replaced text is in details.kept; copy what you need.`,
      { file: path, kept, start: row.start, end: row.end },
    );
  }
  if (target !== "already" || oldTarget === "remove") await takeServiceRound(ctx, repo);
  if (target !== "already") {
    if (!sameBytes(await readWorktreeBytes(repo, path), now)) {
      throw new ReviewError("stale", `${path} changed while it was being restored: nothing was written. Try again.`, {
        file: path,
      });
    }
    const keptMode = row.before_mode === null ? undefined : Number.parseInt(row.before_mode, 8);
    await writeWorktreeFile(repo, path, target, { mode: mode ?? keptMode ?? 0o644 });
  }
  if (oldPath !== null && oldTarget === "remove") await writeWorktreeFile(repo, oldPath, null);
  const at = ctx.now();
  await writeTransaction(ctx.db, (trx) => markChangeRestored(trx, row.id, at));
  const change = changeJson({ ...row, restored_at: at });
  ctx.bus.publish({ type: "change", change });
  return { change };
}

/** Whether the old path an undone rename wrote back still reads as written (`remove`), is gone, or changed. */
async function renamedBackTarget(
  repo: Repository,
  oldPath: string,
  written: Uint8Array,
): Promise<"remove" | "already" | "stale"> {
  await writableMode(repo, oldPath);
  const now = await readWorktreeBytes(repo, oldPath);
  if (now === null) return "already";
  return sameBytes(now, written) ? "remove" : "stale";
}

const beforeSpan = (row: ChangeRow) => ({ start: row.before_start, lines: row.before_lines });

/** What restoring writes: bytes, null to delete, `already` when the file reads as before the change, or `stale`. */
async function restoreTarget(row: ChangeRow, now: Uint8Array | null): Promise<Uint8Array | null | "already" | "stale"> {
  // The change wrote back a file that was not there: restoring removes it, unless someone wrote it since.
  if (row.before === null) {
    if (now === null) return "already";
    return (await blobId(now)) === row.after_blob ? null : "stale";
  }
  // A crash between the write and its record, or the file put back by hand: nothing left to write.
  if (sameBytes(now, row.before)) return "already";
  // The change deleted the file: it comes back whole, unless a file was written there since.
  if (row.after_blob === "deleted") return now === null ? row.before : "stale";
  if (now === null) return "stale";
  return (
    restoredBytes(
      {
        before: row.before,
        beforeSpan: beforeSpan(row),
        afterSpan: { start: row.after_start, lines: row.after_lines },
        written: row.written,
      },
      now,
    ) ?? "stale"
  );
}
