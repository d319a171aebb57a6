import { matchesPathSuffix, parseGitDiff, ReviewError, type FileDiff } from "@opencode-review/core";
import { diffText, type Repository } from "../../git/index.js";
import { roundById, type RoundRow, type RunRow } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";

/**
 * The diff a run reviews: its round's snapshot against the review's base, parsed.
 * @example const { round, files } = await runDiffFiles(ctx, repo, run);
 */
export async function runDiffFiles(
  ctx: ServiceContext,
  repo: Repository,
  run: RunRow,
): Promise<{ readonly round: RoundRow; readonly files: FileDiff[] }> {
  const round = await roundById(ctx.db, run.round_id);
  if (round === undefined) throw new ReviewError("internal", `The round of review run ${run.id} is gone.`);
  return { round, files: parseGitDiff(await diffText(repo, round.base, round.snapshot)) };
}

/**
 * The one file of the diff that `file` names (a path or a path suffix), or a refusal listing the files in it.
 * @example const diff = fileInDiff(files, "a.ts", 2);
 */
export function fileInDiff(files: readonly FileDiff[], file: string, ordinal: number): FileDiff {
  const exact = files.find((f) => f.path === file);
  if (exact !== undefined) return exact;
  const matches = files.filter((f) => matchesPathSuffix(f.path, file));
  if (matches.length === 1) return matches[0]!;
  const listed = files.map((f) => f.path).join(", ") || "none";
  if (matches.length > 1) {
    throw new ReviewError(
      "ambiguous",
      `${file} matches several files of the diff: ${matches.map((f) => f.path).join(", ")}. Give the whole path.`,
    );
  }
  throw new ReviewError(
    "out_of_range",
    `${file} is not in the diff under review (round ${ordinal}); only changed files can be commented on. Files in it: ${listed}.`,
  );
}

/**
 * The diff as the reviewer reads it: per file a header, then each line with its old and new numbers and
 * its marker, so a finding can name lines exactly.
 * @example renderRunDiff(files, 3)
 */
export function renderRunDiff(files: readonly FileDiff[], ordinal: number): string {
  if (files.length === 0)
    return `Round ${ordinal} changes nothing against the base: there is nothing to review. Call review_release.`;
  const out = [
    `The change under review (round ${ordinal}), ${files.length} file${files.length === 1 ? "" : "s"}. Each line: old number, new number, marker (+ added, - deleted, space unchanged), text.`,
    `Pin findings with review_comment on new numbers (side "new") or, for deleted lines, old numbers (side "old").`,
  ];
  for (const file of files) {
    out.push(
      "",
      `=== ${file.oldPath !== null && file.oldPath !== file.path ? `${file.oldPath} -> ` : ""}${file.path} (${file.status})`,
    );
    if (file.binary) {
      out.push("(binary file: comment on the whole file only)");
      continue;
    }
    for (const hunk of file.hunks) {
      out.push(
        `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@${hunk.section === undefined ? "" : ` ${hunk.section}`}`,
      );
      for (const line of hunk.lines) {
        const marker = line.kind === "add" ? "+" : line.kind === "del" ? "-" : " ";
        out.push(`${num(line.old)} ${num(line.new)} ${marker}${line.text}`);
      }
    }
  }
  return out.join("\n");
}

function num(n: number | null): string {
  return (n === null ? "" : String(n)).padStart(5);
}
