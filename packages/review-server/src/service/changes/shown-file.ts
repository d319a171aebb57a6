import { parseGitDiff, ReviewError, type Hunk } from "@opencode-review/core";
import { diffText, snapshotWorktree, type Repository } from "../../git/index.js";
import { withWorktreeBlobs } from "../files/worktree-blobs.js";
import { limitedDiff, type DiffFileJson } from "../rounds/diff-limits.js";
import type { ServiceContext } from "../service-context.js";
import { withKeptHunks } from "./kept-hunks.js";

/** A file of `GET /api/diff` with the work tree's blob of it. */
export type ShownFile = DiffFileJson & { readonly blob: string | null };

/**
 * One file's diff from `start` to `tree` (a snapshot of the work tree), whole (no size limit short of the
 * ceiling); null when the file does not differ there.
 * @example await fileDiffAt(repo, base, round.tree, "src/a.ts")
 */
export async function fileDiffAt(
  repo: Repository,
  start: string,
  tree: string,
  path: string,
): Promise<Omit<DiffFileJson, "blob"> | null> {
  // The one file's patch is one git call; only a file that reads as added there may be a rename, which
  // the whole diff's rename detection (three calls) tells.
  const [alone] = parseGitDiff(await diffText(repo, start, tree, [path]));
  if (alone === undefined) return null;
  if (alone.status !== "added") return alone;
  let files: DiffFileJson[];
  try {
    files = await limitedDiff(repo, start, tree, { file: path, full: true });
  } catch (error) {
    if (error instanceof ReviewError && error.code === "not_found") return null;
    throw error;
  }
  return files.find((f) => f.path === path) ?? files[0] ?? null;
}

/**
 * One file's diff from `start` to the work tree as it reads now, with its blob and kept hunks; null when
 * the file no longer differs.
 * @example await shownFile(ctx, repo, base, "src/a.ts")
 */
export async function shownFile(
  ctx: ServiceContext,
  repo: Repository,
  start: string,
  path: string,
): Promise<ShownFile | null> {
  const { tree } = await snapshotWorktree(repo);
  const file = await fileDiffAt(repo, start, tree, path);
  if (file === null) return null;
  const [withBlob] = await withWorktreeBlobs(repo, tree, [file]);
  const [kept] = await withKeptHunks(ctx, repo, [withBlob!]);
  return kept!;
}

/**
 * The file's diff entry once some of its hunks were undone, without asking git again: the other hunks as
 * they were, moved by the lines the undone ones put back or took away. Null when no hunk is left.
 * @example remainingFile(shown, undone, blob)
 */
export function remainingFile(
  shown: Omit<DiffFileJson, "blob">,
  undone: readonly Hunk[],
  blob: string | null,
): ShownFile | null {
  const gone = new Set(undone);
  const hunks: Hunk[] = [];
  let shift = 0;
  for (const hunk of shown.hunks) {
    if (gone.has(hunk)) {
      shift += hunk.oldLines - hunk.newLines;
      continue;
    }
    hunks.push(
      shift === 0
        ? hunk
        : {
            ...hunk,
            newStart: hunk.newStart + shift,
            lines: hunk.lines.map((line) => (line.new === null ? line : { ...line, new: line.new + shift })),
          },
    );
  }
  if (hunks.length === 0) return null;
  return {
    ...shown,
    hunks,
    blob,
    ...(shown.newLineCount === undefined ? {} : { newLineCount: shown.newLineCount + shift }),
  };
}
