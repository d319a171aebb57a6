import { buildAnchor, parseGitDiff, ReviewError, type Anchor, type ReviewErrorCode, type Side } from "@opencode-review/core";
import { diffText, renamesBetween, type Repository } from "../git/index.js";
import type { RoundRow } from "../store/index.js";
import { createFileReader, textOf } from "./file-reader.js";

/**
 * The anchor of a new thread on `path` at a round: the range checked against the file and the round's
 * diff from the base, the quoted lines with their markers, and the context around them; with `baseFile`,
 * the path the deleted lines were read at when the round renamed the file (null when it did not).
 * Throws a ReviewError saying which lines can be chosen when the range does not fit.
 * @example const { anchor } = await anchorAtRound(repo, round, "src/a.ts", { side: "new", start: 3, end: 5 });
 */
export async function anchorAtRound(
  repo: Repository,
  round: RoundRow,
  path: string,
  range: { readonly side: Side; readonly start: number | null; readonly end: number | null },
): Promise<{ readonly anchor: Anchor; readonly baseFile: string | null }> {
  const reader = createFileReader(repo);
  const [baseContent, newContent, patch] = await Promise.all([
    reader.at(round.base, path),
    reader.at(round.snapshot, path),
    diffText(repo, round.base, round.snapshot, [path]),
  ]);
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
      : await Promise.all([reader.at(round.base, renamedFrom), diffText(repo, round.base, round.snapshot, [renamedFrom, path])]);
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
