import { ReviewError } from "@opencode-review/core";
import { readWorktreeBytes, resolveWorktreePath } from "../../git/index.js";
import { keepHunks as storeKeptHunks, writeTransaction } from "../../store/index.js";
import { blobId } from "../files/file-bytes.js";
import type { ServiceContext } from "../service-context.js";
import { defaultDiffLimits } from "../rounds/diff-limits.js";
import { diffStart } from "./diff-start.js";
import { hunkKey } from "./hunk-key.js";
import { touchedHunks } from "./select-hunks.js";
import { shownFile, type ShownFile } from "./shown-file.js";
import { staleFile } from "./write-change.js";

/**
 * Marks reviewed the hunks of the review's diff that new-side lines `start`-`end` touch: they come back with
 * `kept: true` until their text changes. Refused (409 `stale`) when the file changed since the person read it.
 * @example const { file } = await keepHunks(ctx, { file: "a.ts", start: 3, end: 3, blob })
 */
export async function keepHunks(
  ctx: ServiceContext,
  input: { readonly file: string; readonly start: number; readonly end: number; readonly blob: string | null },
): Promise<{ readonly file: ShownFile | null }> {
  const repo = await ctx.repository();
  const path = await resolveWorktreePath(repo, input.file, { followLast: false });
  const now = await readWorktreeBytes(repo, path);
  if ((now === null ? null : await blobId(now)) !== input.blob) throw staleFile(path);
  if ((now?.length ?? 0) > defaultDiffLimits.ceilingBytes) {
    throw new ReviewError("conflict", `${path} is too large to keep hunk by hunk; mark the file viewed instead.`);
  }
  const start = await diffStart(ctx, repo, {});
  const shown = await shownFile(ctx, repo, start, path);
  const hunks = shown === null ? [] : touchedHunks(shown.hunks, "new", input.start, input.end);
  if (hunks.length === 0) {
    throw new ReviewError("out_of_range", `Lines ${input.start}–${input.end} of ${path} touch no hunk of the diff.`, {
      file: path,
    });
  }
  const keys = await Promise.all(hunks.map(hunkKey));
  await writeTransaction(ctx.db, (trx) => storeKeptHunks(trx, repo.branchKey, path, keys, ctx.now()));
  ctx.bus.publish({ type: "viewed", marks: { branch: repo.branchKey } });
  return { file: await shownFile(ctx, repo, start, path) };
}
