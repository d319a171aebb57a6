import { splitLines, type Location } from "@opencode-review/core";
import type { Repository } from "../../git/index.js";
import type { RoundRow, ThreadChanges, ThreadRow } from "../../store/index.js";
import { createFileReader, type FileReader } from "../files/file-reader.js";
import { locateContent } from "./locate-threads.js";

/**
 * The code under a thread at `round`, to store as its checkpoint when the person speaks on it: the
 * checked resolve later compares the work tree against exactly this. Comments on deleted lines need none
 * (they are judged against the base), and lines already gone at that round keep the original anchor.
 * @example const patch = await checkpointAt(repo, row, threadRound, releaseRound);
 */
export async function checkpointAt(
  repo: Repository,
  row: ThreadRow,
  threadRound: RoundRow,
  round: RoundRow,
  reader: FileReader = createFileReader(repo),
): Promise<ThreadChanges> {
  if (row.side === "old") return {};
  const then = await reader.at(row.then_rev ?? threadRound.snapshot, row.file);
  const at = await reader.at(round.snapshot, row.file);
  const location: Location = locateContent(row, then, at);
  if (location.state === "outdated" || at.kind !== "text") return {};
  const lines = splitLines(at.text);
  const quoted =
    location.start === null || location.end === null
      ? []
      : lines.slice(location.start - 1, location.end).map((line) => ` ${line}`);
  return {
    checkpoint_round_id: round.id,
    checkpoint_file: row.file,
    checkpoint_start: location.start,
    checkpoint_end: location.end,
    checkpoint_quoted: quoted,
  };
}
