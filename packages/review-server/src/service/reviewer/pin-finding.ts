import { describePlace, ReviewError, type FileDiff, type ReviewCommentArgs } from "@opencode-review/core";
import { findingByKey, insertFinding, writeTransaction, type FindingRow, type RunRow } from "../../store/index.js";
import { anchorAtRound } from "../threads/anchor-at-round.js";
import type { ServiceContext } from "../service-context.js";
import { fileInDiff, runDiffFiles } from "./run-diff.js";

/**
 * The reviewer pins one finding on its run's round. Checked before anything is stored: the file is in the
 * diff, the lines are lines the diff shows, `quoted` reads as those lines do. The same finding again
 * (by `key`, default derived from its content) returns the one stored.
 * @example const { finding, stored } = await pinFinding(ctx, run, { file: "src/a.ts", start: 3, body: "Off by one: use <.", severity: "major" });
 */
export async function pinFinding(
  ctx: ServiceContext,
  run: RunRow,
  args: ReviewCommentArgs,
): Promise<{ readonly finding: FindingRow; readonly stored: boolean }> {
  const repo = await ctx.repository();
  const { round, files } = await runDiffFiles(ctx, repo, run);
  const diff = fileInDiff(files, args.file, round.ordinal);
  const side = args.side ?? "new";
  const start = args.start ?? null;
  const end = args.end ?? args.start ?? null;
  if (start !== null && end !== null) checkLinesInDiff(diff, side, start, end);
  const { anchor, baseFile } = await anchorAtRound(
    repo,
    round,
    diff.path,
    { side, start, end },
    { roundFiles: ctx.roundFiles },
  );
  if (args.quoted !== undefined && !quoteMatches(args.quoted, anchor.quoted)) {
    throw new ReviewError(
      "invalid_input",
      `quoted does not match ${describePlace({ file: diff.path, side, start, end })} in round ${round.ordinal}; nothing was pinned. Those lines read:\n${anchor.quoted.join("\n")}\nQuote them as they are, or pick the lines you meant.`,
    );
  }
  const content = {
    file: diff.path,
    side,
    start,
    end,
    body: args.body,
    severity: args.severity,
    suggestion: args.suggestion ?? null,
  };
  // Web Crypto, not node:crypto: see blobId.
  const key =
    args.key ??
    Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(content))))
      .toString("hex")
      .slice(0, 24);

  return writeTransaction(ctx.db, async (trx) => {
    const existing = await findingByKey(trx, run.id, key);
    if (existing !== undefined) {
      const same =
        existing.file === content.file &&
        existing.side === content.side &&
        existing.start_line === content.start &&
        existing.end_line === content.end &&
        existing.body === content.body &&
        existing.severity === content.severity &&
        JSON.stringify(existing.suggestion) === JSON.stringify(content.suggestion);
      if (!same) {
        throw new ReviewError(
          "conflict",
          `key ${key} already names another finding of this review (${existing.id}); nothing was pinned. Use a new key, or leave key out.`,
        );
      }
      return { finding: existing, stored: false };
    }
    const finding = await insertFinding(trx, {
      run_id: run.id,
      branch: run.branch,
      file: diff.path,
      base_file: baseFile,
      side,
      start_line: anchor.start,
      end_line: anchor.end,
      round_id: round.id,
      quoted: anchor.quoted,
      context: anchor.context,
      body: args.body,
      suggestion: args.suggestion ?? null,
      severity: args.severity,
      key,
      created_at: ctx.now(),
    });
    return { finding, stored: true };
  });
}

/** Every line of the range is one the diff shows on that side: a finding outside the change is about code nobody changed. */
function checkLinesInDiff(diff: FileDiff, side: "new" | "old", start: number, end: number): void {
  const shown = new Set<number>();
  for (const hunk of diff.hunks) {
    for (const line of hunk.lines) {
      if (side === "new" && line.kind !== "del" && line.new !== null) shown.add(line.new);
      if (side === "old" && line.kind === "del" && line.old !== null) shown.add(line.old);
    }
  }
  const missing: number[] = [];
  for (let n = start; n <= end; n++) if (!shown.has(n)) missing.push(n);
  if (missing.length === 0) return;
  const ranges = describeRanges([...shown].sort((a, b) => a - b));
  throw new ReviewError(
    "out_of_range",
    `${describePlace({ file: diff.path, side, start, end })} ${missing.length === end - start + 1 ? "is" : `has line ${missing[0]}`} outside the diff; nothing was pinned. The diff shows ${side === "new" ? "new lines" : "deleted old lines"} ${ranges || "none"} of ${diff.path}${side === "old" ? "" : '; deleted lines take side "old"'}.`,
  );
}

/** `quoted` with the diff markers, or without them (the reviewer may copy either). */
function quoteMatches(given: readonly string[], actual: readonly string[]): boolean {
  if (given.length !== actual.length) return false;
  const trimEnd = (s: string) => s.replace(/\r$/, "");
  return given.every(
    (line, i) => trimEnd(line) === trimEnd(actual[i]!) || trimEnd(line) === trimEnd(actual[i]!.slice(1)),
  );
}

function describeRanges(lines: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < lines.length) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    parts.push(i === j ? String(lines[i]) : `${lines[i]}-${lines[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}
