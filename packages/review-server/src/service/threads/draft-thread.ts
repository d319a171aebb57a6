import { draftThread, ReviewError, type Side, type Thread } from "@opencode-review/core";
import { resolveWorktreePath, type Repository } from "../../git/index.js";
import { latestRound, newId, roundById, writeTransaction, type RoundRow } from "../../store/index.js";
import { insertNewThread } from "./insert-new-thread.js";
import { anchorAtRound, roundFile } from "./anchor-at-round.js";
import { createFileReader, type FileReader } from "../files/file-reader.js";
import type { ServiceContext } from "../service-context.js";
import { publishThread } from "./publish-thread.js";
import { takeServiceRound } from "../rounds/record-round.js";

export interface DraftThreadInput {
  readonly file: string;
  readonly side?: Side;
  readonly start?: number | null;
  readonly end?: number | null;
  /** The round the person is looking at; default: a round of the work tree as it is now. */
  readonly roundId?: string;
  readonly body: string;
  readonly suggestion?: readonly string[] | null;
}

/**
 * The person starts a thread: a draft in their pending review, seen by nobody until they release it.
 * @example const thread = await createDraftThread(ctx, { file: "src/a.ts", start: 3, end: 3, body: "Why 3?" });
 */
export async function createDraftThread(ctx: ServiceContext, input: DraftThreadInput): Promise<Thread> {
  const repo = await ctx.repository();
  const file = await resolveWorktreePath(repo, input.file, { followLast: false });
  // One reader for the round, the anchor and the answer: each reads what the one before it read already.
  const reader = createFileReader(repo, ctx.commitFiles);
  const round =
    input.roundId === undefined ? await roundForDraft(ctx, repo, file, reader) : await roundById(ctx.db, input.roundId);
  if (round === undefined || round.branch !== repo.branchKey) {
    throw new ReviewError(
      "not_found",
      `No round ${input.roundId} on ${repo.branchKey}. Pick a round from GET /api/rounds, or leave roundId out.`,
    );
  }
  const side = input.side ?? "new";
  const start = input.start ?? null;
  const end = input.end ?? input.start ?? null;
  if (input.suggestion != null && start === null) {
    throw new ReviewError(
      "invalid_input",
      "A suggestion replaces lines; pick a line or a range for it, not the whole file.",
    );
  }
  const { anchor, baseFile } = await anchorAtRound(
    repo,
    round,
    file,
    { side, start, end },
    { roundFiles: ctx.roundFiles, reader },
  );
  const at = ctx.now();
  const step = draftThread({ id: newId("message"), body: input.body, suggestion: input.suggestion ?? null, at });
  if (!step.ok) throw new ReviewError(step.code, step.reason);

  const row = await writeTransaction(ctx.db, (trx) =>
    insertNewThread(trx, {
      branch: repo.branchKey,
      file,
      round,
      anchor,
      state: step.next,
      at,
      extra: { base_file: baseFile },
    }),
  );
  return publishThread(ctx, repo, row, reader);
}

/**
 * The round a draft without a roundId is pinned to: the latest one while the file reads in the work tree as
 * it did there (the person sees those very lines), else a new round of the work tree. Taking a round (a
 * snapshot of the whole tree: several git processes) for every draft was most of a draft's ~100 ms.
 */
async function roundForDraft(
  ctx: ServiceContext,
  repo: Repository,
  file: string,
  reader: FileReader,
): Promise<RoundRow> {
  const latest = await latestRound(ctx.db, repo.branchKey);
  if (latest !== undefined) {
    const [now, atRound] = await Promise.all([
      reader.worktree(file),
      roundFile(repo, latest, file, { roundFiles: ctx.roundFiles, reader }),
    ]);
    if (now.kind === "text" && atRound.snapshot.kind === "text" && now.text === atRound.snapshot.text) return latest;
  }
  return (await takeServiceRound(ctx, repo)).round;
}
