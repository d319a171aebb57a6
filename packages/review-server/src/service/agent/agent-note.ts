import { agentNote, ReviewError, splitLines, type Thread } from "@opencode-review/core";
import { readWorktreeFile, resolveWorktreePath, type Repository } from "../../git/index.js";
import { newId, writeTransaction } from "../../store/index.js";
import { insertNewThread } from "../threads/insert-new-thread.js";
import { anchorAtRound } from "../threads/anchor-at-round.js";
import { publishThread } from "../threads/publish-thread.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "../threads/thread-list-json.js";
import { takeServiceRound } from "../rounds/record-round.js";

export interface AgentNoteInput {
  readonly file: string;
  readonly line?: number;
  readonly from?: number;
  readonly to?: number;
  readonly text: string;
}

/**
 * The agent leaves its own note for the person on a line, a range or a whole file, as the code reads
 * now (a round is taken first, so the note is pinned to what the person will see). It waits on the person.
 * @example await createAgentNote(ctx, { file: "src/a.ts", from: 3, to: 9, text: "I kept the old API here; see why." });
 */
export async function createAgentNote(ctx: ServiceContext, input: AgentNoteInput): Promise<Thread> {
  const repo = await ctx.repository();
  const file = await resolveWorktreePath(repo, input.file, { followLast: false });
  const start = input.line ?? input.from ?? null;
  const end = input.line ?? input.to ?? input.from ?? null;
  // Refuse a bad place before taking a round, so a refused note stores nothing at all.
  await checkPlaceNow(repo, file, start, end);
  const { round } = await takeServiceRound(ctx, repo);
  const { anchor } = await anchorAtRound(
    repo,
    round,
    file,
    { side: "new", start, end },
    { roundFiles: ctx.roundFiles },
  );
  const at = ctx.now();
  const step = agentNote({ id: newId("message"), body: input.text, at });
  if (!step.ok) throw new ReviewError(step.code, step.reason);

  const row = await writeTransaction(ctx.db, (trx) =>
    insertNewThread(trx, {
      branch: repo.branchKey,
      file,
      round,
      anchor,
      state: step.next,
      at,
      // The note is its own checkpoint: the code it was written against.
      extra: {
        checkpoint_round_id: round.id,
        checkpoint_file: file,
        checkpoint_start: anchor.start,
        checkpoint_end: anchor.end,
        checkpoint_quoted: anchor.quoted,
      },
    }),
  );
  await publishThread(ctx, repo, row);
  const [shown] = await threadsJson(ctx, repo, [row], "agent");
  return shown!;
}

/**
 * Refuses a place the file as it reads now cannot hold (a missing file, lines past its end, lines in a
 * binary file), with words that say which places can be chosen; before any round is taken.
 * @example await checkPlaceNow(repo, "src/a.ts", 3, 9)
 */
export async function checkPlaceNow(
  repo: Repository,
  file: string,
  start: number | null,
  end: number | null,
): Promise<void> {
  const content = await readWorktreeFile(repo, file);
  if (content.kind === "missing") {
    throw new ReviewError(
      "not_found",
      `${file} does not exist in the work tree. Give the path of an existing file, relative to the repository's top folder.`,
    );
  }
  if (start === null) return;
  if (content.kind === "binary") {
    throw new ReviewError(
      "binary",
      `${file} is a binary file; leave the note on the whole file (no line, from or to).`,
    );
  }
  const lines = splitLines(content.text).length;
  if ((end ?? start) > lines) {
    throw new ReviewError(
      "out_of_range",
      `Lines ${start}-${end ?? start} are past the end of ${file} (${lines} lines); pick lines 1-${lines}.`,
    );
  }
}
