import { ReviewError } from "@opencode-review/core";
import { readBlobs, readWorktreeBytes, resolveWorktreePath } from "../../git/index.js";
import { blobId } from "../files/file-bytes.js";
import type { ServiceContext } from "../service-context.js";
import type { ChangeJson } from "./change-json.js";
import { diffStart, type ShownDiff } from "./diff-start.js";
import { byteLines, lineOffsets } from "./file-lines.js";
import { changeBlocks, revertBlocks } from "./revert-hunks.js";
import { touchedHunks } from "./select-hunks.js";
import { takeServiceRound } from "../rounds/record-round.js";
import { defaultDiffLimits } from "../rounds/diff-limits.js";
import { fileDiffAt, remainingFile, type ShownFile } from "./shown-file.js";
import { staleFile, writableMode, writeChange } from "./write-change.js";

/** What the person asked to undo: a file's lines (`start` absent: the whole file), read as `blob`. */
export interface UndoInput extends ShownDiff {
  readonly file: string;
  readonly side?: "new" | "old";
  readonly start?: number;
  readonly end?: number;
  /** The file's `blob` in the diff the person looked at (null: the file was gone). */
  readonly blob: string | null;
}

const EMPTY = new Uint8Array();

/**
 * Puts back the shown diff's `from` side for the hunks lines `start`-`end` touch, or for the whole file (an
 * added file is deleted, a deleted one written back); refused with 409 `stale` when the file changed since the
 * person read it, and with 409 when the diff does not end at the work tree. The change can be restored.
 * @example const { change, file } = await undoChange(ctx, { file: "src/a.ts", start: 10, end: 14, blob })
 */
export async function undoChange(
  ctx: ServiceContext,
  input: UndoInput,
): Promise<{ readonly change: ChangeJson; readonly file: ShownFile | null }> {
  const repo = await ctx.repository();
  const path = await resolveWorktreePath(repo, input.file, { followLast: false });
  const start = await diffStart(ctx, repo, input);
  await writableMode(repo, path);
  const now = await readWorktreeBytes(repo, path);
  if ((now === null ? null : await blobId(now)) !== input.blob) throw staleFile(path);
  // The round first: the file as read is kept in git too, and the diff is read from that very snapshot.
  const { round } = await takeServiceRound(ctx, repo);
  const shown = await fileDiffAt(repo, start, round.tree, path);
  if (shown === null) {
    throw new ReviewError("conflict", `${path} has no change in this diff: there is nothing to undo.`, { file: path });
  }
  const oldPath = shown.oldPath ?? path;
  const old = (await readBlobs(repo, start, [oldPath])).get(oldPath) ?? null;
  const oldMode = shown.oldMode === null ? 0o644 : Number.parseInt(shown.oldMode.slice(-4), 8);

  if (input.start === undefined) {
    // A renamed file (edited or not) goes back to its old path with its old text, and the new path goes.
    const renamed = shown.oldPath !== null && shown.oldPath !== path && old !== null;
    const beforeLines = now === null ? 0 : lineOffsets(now).length - 1;
    const afterLines = old === null ? 0 : lineOffsets(old).length - 1;
    const change = await writeChange(
      ctx,
      repo,
      {
        kind: "undo",
        path,
        read: now,
        write: renamed ? null : old,
        mode: oldMode,
        beforeSpan: { start: 0, lines: beforeLines },
        afterSpan: { start: 0, lines: afterLines },
        written: old ?? EMPTY,
        start: null,
        end: null,
        ...(renamed ? { oldPath } : {}),
      },
      round,
    );
    // The file reads as the diff's start now: it has no diff left.
    return { change, file: null };
  }

  if (shown.binary) {
    throw new ReviewError("conflict", `${path} is a binary file: it is undone whole. Leave out start and end.`, {
      file: path,
    });
  }
  if (shown.tooLarge !== undefined || (now?.length ?? 0) > defaultDiffLimits.ceilingBytes) {
    throw new ReviewError("conflict", `${path} is too large to undo hunk by hunk; undo the whole file instead.`, {
      file: path,
    });
  }
  const side = input.side ?? "new";
  const end = input.end ?? input.start;
  if (end < input.start) throw new ReviewError("invalid_input", `end (${end}) is before start (${input.start}).`);
  const hunks = touchedHunks(shown.hunks, side, input.start, end);
  if (hunks.length === 0) {
    throw new ReviewError(
      "out_of_range",
      `${side === "new" ? "Lines" : "Old lines"} ${input.start}–${end} of ${path} touch no hunk of this diff; give lines of a hunk.`,
      { file: path },
    );
  }
  // The hunks were read from a snapshot taken after the bytes above: they must describe those very bytes.
  const nowBytes = now ?? EMPTY;
  if (!describes(hunks, nowBytes)) throw staleFile(path);
  const reverted = revertBlocks(old ?? EMPTY, nowBytes, changeBlocks(hunks));
  if (reverted === null) throw new ReviewError("conflict", `Those lines of ${path} have no change to undo.`);
  // The agent's lines the undo took away; for a hunk that only deleted, the lines it put back.
  const span = reverted.before.lines > 0 ? reverted.before : reverted.after;
  const offsets = lineOffsets(reverted.bytes);
  const change = await writeChange(
    ctx,
    repo,
    {
      kind: "undo",
      path,
      read: now,
      write: reverted.bytes,
      mode: oldMode,
      beforeSpan: reverted.before,
      afterSpan: reverted.after,
      written: reverted.bytes.subarray(
        offsets[reverted.after.start]!,
        offsets[reverted.after.start + reverted.after.lines]!,
      ),
      start: span.start + 1,
      end: span.start + Math.max(span.lines, 1),
    },
    round,
  );
  return { change, file: remainingFile(shown, hunks, await blobId(reverted.bytes)) };
}

/** True when every new-side line of the hunks reads in `bytes` as the hunk has it. */
function describes(hunks: ReturnType<typeof touchedHunks>, bytes: Uint8Array): boolean {
  const lines = byteLines(bytes);
  for (const hunk of hunks) {
    for (const line of hunk.lines) {
      if (line.new === null) continue;
      const raw = lines[line.new - 1];
      if (raw === undefined) return false;
      const text = Buffer.from(raw, "latin1").toString("utf8");
      if ((text.endsWith("\n") ? text.slice(0, -1) : text) !== line.text) return false;
    }
  }
  return true;
}
