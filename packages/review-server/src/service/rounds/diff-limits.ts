import { fileWithWords, parseGitDiff, ReviewError, type FileDiff, type FileStatus } from "@opencode-review/core";
import { changedLineCounts, diffEntries, diffText, type DiffEntry, type Repository } from "../../git/index.js";
import { withWorktreeBlobs } from "../files/worktree-blobs.js";
import { withNewLineCounts } from "./new-line-counts.js";

/**
 * Per-file limits, as GitHub has them: a file over them is listed as too large to show (with how many lines
 * changed) instead of its hunks, and every other file is still shown. The budget bounds what one diff makes
 * the server parse and send (the parse and the JSON are synchronous work on the event loop); `ceilingBytes`
 * bounds what "load it anyway" may ask for.
 */
export interface DiffLimits {
  /** A side of a file over this many bytes is not parsed. */
  readonly fileBytes: number;
  /** A file with more changed lines than this is not sent. */
  readonly fileLines: number;
  /** Once the files shown add up to this many bytes, the rest are too large too. */
  readonly totalBytes: number;
  /** The most a single file may be when loaded on request (`file=...&full=1`). */
  readonly ceilingBytes: number;
}

export const defaultDiffLimits: DiffLimits = {
  fileBytes: 1024 * 1024,
  fileLines: 20_000,
  totalBytes: 16 * 1024 * 1024,
  ceilingBytes: 5 * 1024 * 1024,
};

/** Why a file's hunks are not in the answer, and whether asking with `full=1` would load them. */
export interface TooLarge {
  readonly reason: "size" | "lines" | "total";
  /** The larger side, in bytes. */
  readonly bytes: number;
  readonly additions: number | null;
  readonly deletions: number | null;
  readonly canLoad: boolean;
  readonly message: string;
}

/**
 * A file of `GET /api/diff`: the contract's shape (`blob`: the file's blob id in the work tree as read, null
 * when it is gone there), and `tooLarge` when its hunks were held back.
 */
export type DiffFileJson = FileDiff & {
  readonly blob: string | null;
  readonly tooLarge?: TooLarge;
  readonly newLineCount?: number;
};

/** What to diff beyond the two ends: one file, loaded whole, whitespace left out, changed words or not. */
export interface DiffQueryOptions {
  readonly file?: string;
  readonly full?: boolean;
  /** Leave out changes of whitespace alone (git's `-w`). */
  readonly ignoreWhitespace?: boolean;
  /** Mark the changed words of paired lines (default true; false measures the line diff alone). */
  readonly words?: boolean;
  /** The work tree's tree when `to` is not it, for each file's `blob`; absent: `to` is the work tree. */
  readonly worktree?: string;
}

const statusOf = (raw: string): FileStatus =>
  raw.startsWith("A")
    ? "added"
    : raw.startsWith("D")
      ? "deleted"
      : raw.startsWith("R")
        ? "renamed"
        : raw.startsWith("C")
          ? "copied"
          : "modified";

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function tooLarge(
  reason: TooLarge["reason"],
  bytes: number,
  counts: { additions: number | null; deletions: number | null },
  limits: DiffLimits,
): TooLarge {
  const canLoad =
    bytes <= limits.ceilingBytes && (counts.additions ?? 0) + (counts.deletions ?? 0) <= limits.fileLines * 10;
  const changed =
    counts.additions === null ? "binary or unreadable" : `${counts.additions + (counts.deletions ?? 0)} lines changed`;
  const why =
    reason === "total"
      ? "the diff is already large"
      : reason === "lines"
        ? `over ${limits.fileLines} changed lines`
        : `over ${megabytes(limits.fileBytes)}`;
  return {
    reason,
    bytes,
    ...counts,
    canLoad,
    message: `This file is too large to show (${megabytes(bytes)}, ${why}); ${changed}.${canLoad ? " Load it anyway to see it." : ` It is over the ${megabytes(limits.ceilingBytes)} that can be loaded at all.`}`,
  };
}

function stub(entry: DiffEntry, large: TooLarge): Omit<DiffFileJson, "blob"> {
  return {
    path: entry.path,
    oldPath: entry.oldPath,
    status: statusOf(entry.status),
    binary: false,
    oldMode: null,
    newMode: null,
    similarity: null,
    hunks: [],
    tooLarge: large,
  };
}

const changedLines = (file: FileDiff): number =>
  file.hunks.reduce((n, h) => n + h.lines.filter((l) => l.kind !== "ctx").length, 0);

/**
 * The diff from `from` to `to` (commits or trees) within the limits: files over them come back as
 * too-large entries, with their changed-line counts from git, and are never read by this process.
 * With `file`, that file alone; with `full` as well, its whole diff up to the hard ceiling.
 * @example const files = await limitedDiff(repo, base, tree, {}, defaultDiffLimits)
 */
export async function limitedDiff(
  repo: Pick<Repository, "workTree">,
  from: string,
  to: string,
  query: DiffQueryOptions,
  limits: DiffLimits = defaultDiffLimits,
): Promise<DiffFileJson[]> {
  const all = await diffEntries(repo, from, to);
  const entries = query.file === undefined ? all : all.filter((e) => e.path === query.file || e.oldPath === query.file);
  if (query.file !== undefined && entries.length === 0) {
    throw new ReviewError("not_found", `${query.file} is not in this diff. Give a path from GET /api/diff.`);
  }

  const ignoreWhitespace = query.ignoreWhitespace === true;
  const held = new Map<string, { entry: DiffEntry; reason: TooLarge["reason"] }>();
  let total = 0;
  for (const entry of entries) {
    const bytes = Math.max(entry.oldSize, entry.newSize);
    const allowed = query.full ? limits.ceilingBytes : limits.fileBytes;
    if (bytes > allowed) held.set(entry.path, { entry, reason: "size" });
    else if (!query.full && total + entry.oldSize + entry.newSize > limits.totalBytes)
      held.set(entry.path, { entry, reason: "total" });
    else total += entry.oldSize + entry.newSize;
  }

  const shown = entries.filter((e) => !held.has(e.path));
  let parsed: FileDiff[] = [];
  if (shown.length > 0) {
    const patch =
      query.file !== undefined
        ? await diffText(
            repo,
            from,
            to,
            [...new Set(shown.flatMap((e) => (e.oldPath ? [e.oldPath, e.path] : [e.path])))],
            { ignoreWhitespace },
          )
        : held.size === 0
          ? await diffText(repo, from, to, undefined, { ignoreWhitespace })
          : await diffText(repo, from, to, undefined, {
              ignoreWhitespace,
              exclude: [...held.values()].flatMap(({ entry }) =>
                entry.oldPath ? [entry.oldPath, entry.path] : [entry.path],
              ),
            });
    parsed = parseGitDiff(patch);
    if (query.words !== false) parsed = parsed.map(fileWithWords);
  }
  const withCounts = await withNewLineCounts(repo, to, parsed);

  const counts = await changedLineCounts(repo, from, to, [...held.keys()]);
  const out: Omit<DiffFileJson, "blob">[] = [];
  for (const file of withCounts) {
    const lines = changedLines(file);
    if (!query.full && lines > limits.fileLines) {
      const entry = entries.find((e) => e.path === file.path);
      const additions = file.hunks.reduce((n, h) => n + h.lines.filter((l) => l.kind === "add").length, 0);
      out.push({
        ...file,
        hunks: [],
        tooLarge: tooLarge(
          "lines",
          Math.max(entry?.oldSize ?? 0, entry?.newSize ?? 0),
          { additions, deletions: lines - additions },
          limits,
        ),
      });
    } else out.push(file);
  }
  for (const { entry, reason } of held.values()) {
    out.push(
      stub(
        entry,
        tooLarge(
          reason,
          Math.max(entry.oldSize, entry.newSize),
          counts.get(entry.path) ?? { additions: null, deletions: null },
          limits,
        ),
      ),
    );
  }
  // git lists files by path; the held-back ones go back in their place.
  out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Each file's blob in the work tree: the diff's own new side when it ends at the work tree (no git call),
  // else read from the work tree's tree, as a single file's undo or keep reads it (withWorktreeBlobs).
  if (query.worktree !== undefined && query.worktree !== to) return withWorktreeBlobs(repo, query.worktree, out);
  const newBlobs = new Map(entries.map((e) => [e.path, e.newBlob] as const));
  return out.map((file) => ({ ...file, blob: newBlobs.get(file.path) ?? null }));
}
