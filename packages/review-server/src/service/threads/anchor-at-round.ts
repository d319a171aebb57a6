import {
  buildAnchor,
  parseGitDiff,
  ReviewError,
  type Anchor,
  type ReviewErrorCode,
  type Side,
} from "@opencode-review/core";
import { diffText, renamesBetween, type Repository } from "../../git/index.js";
import type { RoundRow } from "../../store/index.js";
import { createFileReader, textOf, type FileReader } from "../files/file-reader.js";
import type { RoundFile, RoundFileMemo } from "../rounds/round-file-memo.js";

/**
 * The anchor of a new thread on `path` at a round: the range checked against the file and the round's
 * diff from the base, the quoted lines with their markers, and the context around them; with `baseFile`,
 * the path the deleted lines were read at when the round renamed the file (null when it did not).
 * Throws a ReviewError saying which lines can be chosen when the range does not fit.
 * With `roundFiles`, the file's texts and diff at the round are read with git once and kept; with `reader`,
 * they are left in it too, for the caller's next reads of them (the new thread's answer).
 * @example const { anchor } = await anchorAtRound(repo, round, "src/a.ts", { side: "new", start: 3, end: 5 });
 */
export async function anchorAtRound(
  repo: Repository,
  round: RoundRow,
  path: string,
  range: { readonly side: Side; readonly start: number | null; readonly end: number | null },
  options: { readonly roundFiles?: RoundFileMemo; readonly reader?: FileReader } = {},
): Promise<{ readonly anchor: Anchor; readonly baseFile: string | null }> {
  const reader = options.reader ?? createFileReader(repo);
  const { base: baseContent, snapshot: newContent, patch } = await roundFile(repo, round, path, { ...options, reader });
  if (baseContent.kind === "missing" && newContent.kind === "missing") {
    throw new ReviewError(
      "not_found",
      `${path} is not in round ${round.ordinal} nor in its base. Give the path of a file in the change (as review_list or the panel shows it).`,
    );
  }
  // A file renamed in the round is "added" when diffed alone; with its old name too the diff pairs them, so
  // lines the rename kept quote as context (" "), as the panel shows them, not as added ("+"), and the lines
  // the round deleted from it are there to comment on, read under the old name.
  const renamedFrom =
    baseContent.kind === "missing" && newContent.kind !== "missing"
      ? [...(await renamesBetween(repo, round.base, round.snapshot))].find(([, to]) => to === path)?.[0]
      : undefined;
  const [oldContent, pairedPatch] =
    renamedFrom === undefined
      ? [baseContent, patch]
      : await Promise.all([
          reader.at(round.base, renamedFrom),
          diffText(repo, round.base, round.snapshot, [renamedFrom, path]),
        ]);
  const fileDiff = parseGitDiff(pairedPatch).find((f) => f.path === path);
  const binary = oldContent.kind === "binary" || newContent.kind === "binary";
  const built = buildAnchor({
    side: range.side,
    start: range.start,
    end: range.end,
    oldText: textOf(oldContent),
    newText: textOf(newContent),
    hunks: fileDiff?.hunks ?? [],
    binary,
    file: path,
  });
  if (!built.ok) throw new ReviewError(refusalCode(built.reason), capitalise(built.message));
  return { anchor: built.anchor, baseFile: range.side === "old" && renamedFrom !== undefined ? renamedFrom : null };
}

function refusalCode(reason: string): ReviewErrorCode {
  switch (reason) {
    case "binary":
      return "binary";
    case "invalid_input":
      return "invalid_input";
    default:
      return "out_of_range";
  }
}

function capitalise(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? "" : ".");
}

/**
 * A file's texts at a round's base and snapshot and git's diff between them, through `roundFiles` when
 * given (read with git once, then kept); left in `reader` too, so its `at` answers them without git.
 * @example const { snapshot } = await roundFile(repo, round, "src/a.ts", { roundFiles: ctx.roundFiles })
 */
export async function roundFile(
  repo: Repository,
  round: RoundRow,
  path: string,
  options: { readonly roundFiles?: RoundFileMemo; readonly reader?: FileReader } = {},
): Promise<RoundFile> {
  const reader = options.reader ?? createFileReader(repo);
  const read = async (): Promise<RoundFile> => {
    const [base, snapshot, patch] = await Promise.all([
      reader.at(round.base, path),
      reader.at(round.snapshot, path),
      diffText(repo, round.base, round.snapshot, [path]),
    ]);
    return { base, snapshot, patch };
  };
  const file =
    options.roundFiles === undefined
      ? await read()
      : await options.roundFiles.of(round.base, round.snapshot, path, read);
  reader.remember(round.base, path, file.base);
  reader.remember(round.snapshot, path, file.snapshot);
  return file;
}
