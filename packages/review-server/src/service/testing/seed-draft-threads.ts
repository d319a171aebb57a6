import {
  buildAnchor,
  draftThread,
  parseGitDiff,
  ReviewError,
  type Anchor,
  type Side,
  type ThreadState,
} from "@opencode-review/core";
import { diffText } from "../../git/index.js";
import { newId, writeTransaction, type ThreadRow } from "../../store/index.js";
import { createFileReader, textOf } from "../files/file-reader.js";
import { insertNewThread } from "../threads/insert-new-thread.js";
import type { ContextOperations } from "../context-operations.js";
import { takeServiceRound } from "../rounds/record-round.js";

/** Where one seeded draft thread goes and what it says. */
export interface SeedPlace {
  readonly file: string;
  readonly side?: Side;
  readonly start: number;
  readonly end?: number;
  readonly body: string;
}

/**
 * Writes many draft threads the way `draftThread` stores them (same anchors, same rows), but with the git
 * work done once for all of them and one write transaction: 500 `draftThread` calls cost minutes of git
 * processes, and the tests and the benchmark need hundreds of threads as setup, not as the thing measured.
 * @example const rows = await seedDraftThreads(service, [{ file: "src/a.ts", start: 3, body: "Why?" }]);
 */
export async function seedDraftThreads(service: ContextOperations, places: readonly SeedPlace[]): Promise<ThreadRow[]> {
  const ctx = service.context;
  const repo = await ctx.repository();
  const { round } = await takeServiceRound(ctx, repo);
  const files = [...new Set(places.map((p) => p.file))];
  const reader = createFileReader(repo, ctx.commitFiles);
  const [, , patch] = await Promise.all([
    reader.prefetch(round.base, files),
    reader.prefetch(round.snapshot, files),
    diffText(repo, round.base, round.snapshot, files),
  ]);
  const hunks = new Map(parseGitDiff(patch).map((f) => [f.path, f.hunks]));

  const drafts: { readonly file: string; readonly anchor: Anchor; readonly state: ThreadState }[] = [];
  for (const place of places) {
    const [oldContent, newContent] = await Promise.all([
      reader.at(round.base, place.file),
      reader.at(round.snapshot, place.file),
    ]);
    const built = buildAnchor({
      side: place.side ?? "new",
      start: place.start,
      end: place.end ?? place.start,
      oldText: textOf(oldContent),
      newText: textOf(newContent),
      hunks: hunks.get(place.file) ?? [],
      binary: oldContent.kind === "binary" || newContent.kind === "binary",
      file: place.file,
    });
    if (!built.ok) throw new ReviewError("invalid_input", `seed ${place.file}:${place.start}: ${built.message}`);
    const step = draftThread({ id: newId("message"), body: place.body, suggestion: null, at: ctx.now() });
    if (!step.ok) throw new ReviewError(step.code, step.reason);
    drafts.push({ file: place.file, anchor: built.anchor, state: step.next });
  }
  const at = ctx.now();
  return writeTransaction(ctx.db, async (trx) => {
    const rows: ThreadRow[] = [];
    for (const d of drafts)
      rows.push(
        await insertNewThread(trx, {
          branch: repo.branchKey,
          file: d.file,
          round,
          anchor: d.anchor,
          state: d.state,
          at,
        }),
      );
    return rows;
  });
}
