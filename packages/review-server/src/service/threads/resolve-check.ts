import { checkResolve, type ResolveCheck } from "@opencode-review/core";
import type { Kysely } from "kysely";
import type { Repository } from "../../git/index.js";
import { roundById, type Database, type ThreadRow } from "../../store/index.js";
import type { FileReader } from "../files/file-reader.js";
import { thenPath } from "./locate-threads.js";
import { createRenameFollower } from "./renames-since.js";

/**
 * The checked resolve for one thread: the work tree now against the code under the thread when the
 * person last spoke on it (its checkpoint). Comments on deleted lines are judged against the base:
 * resolved once the deletion is no longer in the diff.
 * @example const check = await resolveCheck(repo, db, row, reader); check.accepted
 */
export async function resolveCheck(
  repo: Repository,
  db: Kysely<Database>,
  row: ThreadRow,
  reader: FileReader,
): Promise<ResolveCheck> {
  const round = (await roundById(db, row.round_id))!;
  const checkpoint = row.checkpoint_round_id === null ? null : await roundById(db, row.checkpoint_round_id);
  const place =
    row.side === "new" && checkpoint != null && row.checkpoint_file !== null && row.checkpoint_quoted !== null
      ? {
          rev: checkpoint.snapshot,
          file: row.checkpoint_file,
          start: row.checkpoint_start,
          end: row.checkpoint_end,
          quoted: row.checkpoint_quoted,
        }
      : {
          rev: row.then_rev ?? (row.side === "old" ? round.base : round.snapshot),
          file: thenPath(row),
          start: row.start_line,
          end: row.end_line,
          quoted: row.quoted,
        };

  const then = await reader.at(place.rev, place.file);
  // Deleted lines are looked for in the file as it is named now (the base may have named it otherwise).
  let nowFile = row.side === "old" ? row.file : place.file;
  let now = await reader.worktree(nowFile);
  if (now.kind === "missing" && row.side === "new") {
    nowFile = await createRenameFollower(repo).follow(place.rev, place.file);
    if (nowFile !== place.file) now = await reader.worktree(nowFile);
  }
  if (now.kind === "missing" && row.side === "new") {
    return { accepted: true, location: { state: "outdated", start: null, end: null } };
  }
  if (then.kind !== "text" || now.kind === "binary") {
    return {
      accepted: false,
      reason: "not_text",
      location: { state: "current", start: null, end: null },
      message: `${row.file} is not a text file here, so the change under this comment cannot be checked; reply without resolved and let the person resolve it`,
    };
  }
  return checkResolve({
    side: row.side,
    start: place.start,
    end: place.end,
    quoted: place.quoted,
    then: then.text,
    now: now.kind === "text" ? now.text : null,
    context: row.context,
    file: nowFile,
  });
}
