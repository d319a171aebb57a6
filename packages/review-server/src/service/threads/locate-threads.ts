import { locate, pairsOfOnePass, type Location, type PairMaker, type Thread } from "@opencode-review/core";
import type { Kysely } from "kysely";
import { worktreeHas, worktreeStamp, type FileContent, type Repository } from "../../git/index.js";
import { roundById, type Database, type PlacedRow, type RoundRow, type ThreadRow } from "../../store/index.js";
import type { FileReader } from "../files/file-reader.js";
import { createRenameFollower } from "./renames-since.js";
import { AnchorMemo } from "./anchor-memo.js";
import type { ServiceContext } from "../service-context.js";

export type ThreadAnchor = Thread["anchor"];

/** What is located: a placed row (a thread or a finding); a thread pulled from a forge reads its lines at `then_rev`. */
export type Located = PlacedRow & { readonly then_rev?: string | null };

/** Where to locate threads: the work tree now (with the stamps a caller already took), or a round's snapshot. */
export type LocateTarget = { readonly stamped?: ReadonlyMap<string, string | null> } | { readonly at: string };

/**
 * Where each thread's lines are in the work tree now, or in the commit `target.at` (a round's snapshot).
 * The git work is batched: one `cat-file` per round involved, each file read once, renames looked up only
 * when a file is missing. In the work tree, a thread whose place, commit and file (by its stamp) are as
 * when the service's anchor memo (or, in a fresh process, the store) last located it is not located again,
 * and its file is not even read; what is located anew is kept in both.
 * @example (await locateThreads(ctx, repo, rows, reader, await roundsOf(ctx.db, rows))).get(row.id)?.state // "moved"
 */
export async function locateThreads(
  ctx: Pick<ServiceContext, "db" | "anchors">,
  repo: Repository,
  rows: readonly Located[],
  reader: FileReader,
  rounds: ReadonlyMap<string, RoundRow>,
  target: LocateTarget = {},
): Promise<Map<string, ThreadAnchor>> {
  const memo = ctx.anchors;
  const at = "at" in target ? target.at : undefined;
  const renames = createRenameFollower(repo, at);
  const nowOf = (path: string) => (at === undefined ? reader.worktree(path) : reader.at(at, path));

  // The text a thread was written against: the round's snapshot, or its base for comments on deleted lines;
  // a thread pulled from a pull request reads the commit its forge comment was written on.
  const thenRev = (row: Located) => {
    if (row.then_rev != null) return row.then_rev;
    const round = rounds.get(row.round_id)!;
    return row.side === "old" ? round.base : round.snapshot;
  };
  // Each file is stamped before it is read (here, or by the caller in `stamped`): an edit in between
  // changes the stamp the next listing sees.
  const stamps = new Map<string, string | null>("stamped" in target ? target.stamped : undefined);
  const stampOf = (path: string) => {
    // At a commit nothing is stamped: the memo holds work-tree anchors only.
    if (at !== undefined) return null;
    let stamp = stamps.get(path);
    if (stamp === undefined) stamps.set(path, (stamp = worktreeStamp(repo, path)));
    return stamp;
  };

  // A thread whose file is gone and was last found in the file git followed it to: its anchor is reused
  // while that file's stamp is unchanged (the rename itself is not asked again: a fresh process would
  // snapshot the whole work tree for it).
  const renamedAnchor = (row: PlacedRow): ThreadAnchor | undefined => {
    const to = at === undefined ? memo.renamedTo(row.id) : undefined;
    if (to === undefined || to === row.file || worktreeHas(repo, row.file)) return undefined;
    const stamp = stampOf(to);
    return stamp === null ? undefined : memo.get(row.id, AnchorMemo.key(row, thenRev(row), stamp, to));
  };

  // Anchors the memo still holds need no file read at all; the others' old texts are fetched together.
  const anchors = new Map<string, ThreadAnchor>();
  const toLocate: { readonly row: Located; readonly key: string | null }[] = [];
  if (at === undefined)
    await memo.recall(
      ctx.db,
      rows.map((r) => r.id),
    );
  for (const row of rows) {
    const stamp = stampOf(row.file);
    const key = stamp === null ? null : AnchorMemo.key(row, thenRev(row), stamp);
    const reused = key === null ? renamedAnchor(row) : memo.get(row.id, key);
    if (reused !== undefined) anchors.set(row.id, reused);
    else toLocate.push({ row, key });
  }
  // Anchors located while their file was too new to stamp (right after an edit, as when an agent pages
  // through review_list after changing files) are keyed by the file's text: read it, and reuse the anchor
  // while the text is what it was located in. Each page of a listing then re-checks only what changed.
  if (at === undefined && toLocate.some(({ row }) => memo.keyedByText(row.id))) {
    const textStamps = new Map<string, Promise<string | null>>();
    const textStampOf = (path: string) => {
      let stamp = textStamps.get(path);
      if (stamp === undefined) {
        stamp = reader.worktree(path).then(
          (content) => (content.kind === "text" ? AnchorMemo.textStamp(content.text) : null),
          () => null,
        );
        textStamps.set(path, stamp);
      }
      return stamp;
    };
    const checked = await Promise.all(
      toLocate.map(async (entry) => {
        if (!memo.keyedByText(entry.row.id)) return false;
        const stamp = await textStampOf(entry.row.file);
        const found =
          stamp === null ? undefined : memo.get(entry.row.id, AnchorMemo.key(entry.row, thenRev(entry.row), stamp));
        if (found === undefined) return false;
        anchors.set(entry.row.id, found);
        // The file has settled since: its stamp (taken before this read) keys the anchor from now on.
        if (entry.key !== null) memo.set(entry.row.id, entry.key, found);
        return true;
      }),
    );
    const still = toLocate.filter((_, i) => !checked[i]);
    toLocate.length = 0;
    toLocate.push(...still);
  }

  const byRev = new Map<string, Set<string>>();
  const want = (rev: string, path: string) => {
    const paths = byRev.get(rev);
    if (paths === undefined) byRev.set(rev, new Set([path]));
    else paths.add(path);
  };
  for (const { row } of toLocate) {
    want(thenRev(row), thenPath(row));
    if (at !== undefined) want(at, row.file);
  }
  const fetched = Promise.all([...byRev].map(([rev, paths]) => reader.prefetch(rev, [...paths])));
  // The work tree's files are read while git reads the old texts (in its own process); a read that fails
  // fails again below, where each thread awaits its file.
  if (at === undefined) for (const { row } of toLocate) reader.worktree(row.file).catch(() => {});
  await fetched;

  // A file's threads share its texts: each then/now pair is split and diffed once for all of them.
  const pairs = pairsOfOnePass();

  await Promise.all(
    toLocate.map(async ({ row, key }) => {
      const then = await reader.at(thenRev(row), thenPath(row));
      let file = row.file;
      let now = await nowOf(file);
      // The followed file is stamped before it is read, as every file here is.
      let renamedKey: string | null = null;
      if (now.kind === "missing") {
        file = await renames.follow(row.then_rev ?? rounds.get(row.round_id)!.snapshot, row.file);
        if (file !== row.file) {
          const stamp = stampOf(file);
          // Unstamped (just renamed): kept under a key nothing matches, so the path it went to is known
          // (the waiting line names it) while the anchor itself is located again.
          renamedKey = stamp === null ? AnchorMemo.UNSTAMPED : AnchorMemo.key(row, thenRev(row), stamp, file);
          now = await nowOf(file);
        }
      }
      const location = locateContent(row, then, now, pairs);
      const anchor = file === row.file ? location : { ...location, file };
      anchors.set(row.id, anchor);
      // A stamp exists only for a regular file, so `key` is of a thread that was not followed through a rename.
      if (key !== null && file === row.file) memo.set(row.id, key, location);
      else if (file === row.file && now.kind === "text" && at === undefined)
        memo.set(row.id, AnchorMemo.key(row, thenRev(row), AnchorMemo.textStamp(now.text)), location);
      else if (renamedKey !== null && at === undefined) memo.set(row.id, renamedKey, anchor);
    }),
  );
  memo.keep(ctx.db);
  return anchors;
}

/**
 * The path a thread's lines were read at in its round: its file, or for deleted lines of a file the round
 * renamed, the file's name at the round's base.
 * @example thenPath({ side: "old", file: "src/new.ts", base_file: "src/old.ts" }) // "src/old.ts"
 */
export function thenPath(row: Pick<ThreadRow, "side" | "file" | "base_file">): string {
  return row.side === "old" ? (row.base_file ?? row.file) : row.file;
}

/** `locate` for one thread, with binary and missing files decided here since core only reads text. */
export function locateContent(
  place: Pick<ThreadRow, "side" | "start_line" | "end_line" | "quoted" | "context">,
  then: FileContent,
  now: FileContent,
  pairs?: PairMaker,
): Location {
  if (now.kind === "missing" && place.side === "new") return { state: "outdated", start: null, end: null };
  // A whole-file comment on the old side is about the file's deletion: it holds while the file stays deleted
  // (core's whole-file rule reads a gone file as outdated, whatever the side).
  if (now.kind === "missing" && place.side === "old" && place.start_line === null)
    return { state: "current", start: null, end: null };
  if (then.kind !== "text" || now.kind === "binary") {
    // A binary file has no lines to follow: a whole-file thread stays with it while it exists.
    const whole = place.start_line === null;
    return whole && now.kind !== "missing"
      ? { state: "current", start: null, end: null }
      : { state: "outdated", start: null, end: null };
  }
  return locate(
    {
      side: place.side,
      start: place.start_line,
      end: place.end_line,
      quoted: place.quoted,
      then: then.text,
      now: now.kind === "text" ? now.text : null,
      context: place.context,
    },
    pairs,
  );
}

/** The rounds the threads were written on, by id. */
export async function roundsOf(
  db: Kysely<Database>,
  rows: readonly Pick<PlacedRow, "round_id">[],
): Promise<Map<string, RoundRow>> {
  const ids = [...new Set(rows.map((r) => r.round_id))];
  const found = await Promise.all(ids.map((id) => roundById(db, id)));
  return new Map(found.filter((r): r is RoundRow => r !== undefined).map((r) => [r.id, r]));
}
