import { statSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { diffSize, localBranches, snapshotWorktree, type DiffSize, type Repository } from "../../git/index.js";
import { latestRound, listServers, type Database, type RoundRow } from "../../store/index.js";
import { processAlive } from "../review/owner-process.js";
import { worktreeBranch, type BranchScopes } from "./branch-scopes.js";

/** An agent working on a branch: an opencode session there, or an MCP client's server in its work tree. */
export interface BranchAgent {
  readonly kind: "opencode" | "mcp";
  readonly session?: { readonly id: string; readonly title: string };
  readonly live: boolean;
}

/** One branch of the repository as `GET /api/branches` lists it (docs/http.md, "Every branch in one panel"). */
export interface BranchEntry {
  readonly branch: string;
  /** Where it is checked out now; null when nowhere (its review is read-only then). */
  readonly worktree: string | null;
  /** The commit the branch points at; null when the branch is gone. */
  readonly head: string | null;
  /** The review's change: from its base to the work tree (to its last round when checked out nowhere). */
  readonly changed: DiffSize;
  readonly waiting: { readonly onYou: number; readonly onAgent: number };
  readonly agents: readonly BranchAgent[];
  readonly updatedAt: string;
  /** The branch the answering server runs in. */
  readonly own: boolean;
  /** The branch no longer exists (deleted): its review stays readable. */
  readonly deleted: boolean;
}

/** A panel that has not refreshed its heartbeat for this long is taken for dead (it beats every 30 s). */
const SERVER_STALE_MS = 90_000;
/** The sessions listed per branch: the most recently active ones. */
const SESSIONS_SHOWN = 5;

export interface ListBranchesInput {
  readonly own: () => Promise<Repository>;
  readonly db: Kysely<Database>;
  readonly scopes: BranchScopes;
  readonly now: () => string;
  /**
   * Each work tree's change size, kept while its files are unchanged (keyed by work tree and last round);
   * the branch feed drops a work tree's entries when an edit is seen there. Absent: every size is read now.
   */
  readonly sizes?: Map<string, Promise<DiffSize>>;
}

const NO_CHANGE: DiffSize = { files: 0, additions: 0, deletions: 0 };

/**
 * Every branch with a review or a changed work tree, and the server's own, those with something waiting on
 * the person first, then by last activity. Each work tree costs one snapshot (about a `git status`).
 * @example const { branches } = await listBranches({ own, db, scopes, open, now })
 */
export async function listBranches(input: ListBranchesInput): Promise<{ branches: BranchEntry[] }> {
  const own = await input.own();
  const [worktrees, tips, reviewed, waiting, sessions, servers] = await Promise.all([
    input.scopes.worktrees(),
    localBranches(own),
    reviewedBranches(input.db),
    waitingCounts(input.db),
    input.db.selectFrom("sessions").selectAll().orderBy("last_active_at", "desc").execute(),
    listServers(input.db),
  ]);
  const nowMs = Date.parse(input.now());
  const liveServers = servers.filter(
    (s) => nowMs - Date.parse(s.heartbeat_at) <= SERVER_STALE_MS && processAlive(s.pid),
  );
  const liveInstances = new Set(liveServers.map((s) => s.instance).filter((i): i is string => i !== null));

  const names = new Set<string>([own.branchKey, ...reviewed.keys()]);
  const worktreeOf = new Map<string, { path: string; head: string | null }>();
  for (const w of worktrees) {
    if (w.prunable || w.bare) continue;
    const name = worktreeBranch(w);
    if (name === null) continue;
    names.add(name);
    if (!worktreeOf.has(name)) worktreeOf.set(name, { path: w.path, head: w.head });
  }

  const entries = await Promise.all(
    [...names].map(async (branch): Promise<BranchEntry | null> => {
      const at = worktreeOf.get(branch);
      const round = await latestRound(input.db, branch);
      const changed = await changeOf(input, own, at?.path ?? null, round);
      const review = reviewed.get(branch);
      const isOwn = branch === own.branchKey;
      if (review === undefined && changed.files === 0 && !isOwn) return null;
      const tip = tips.get(branch) ?? at?.head ?? null;
      const agents: BranchAgent[] = sessions
        .filter((s) => s.branch === branch)
        .slice(0, SESSIONS_SHOWN)
        .map((s) => ({
          kind: "opencode" as const,
          session: { id: s.id, title: s.title },
          live: s.seen_by !== null && liveInstances.has(s.seen_by),
        }));
      for (const server of liveServers)
        if (server.kind === "mcp" && at !== undefined && server.worktree === at.path)
          agents.push({ kind: "mcp", live: true });
      const counts = waiting.get(branch) ?? { onYou: 0, onAgent: 0 };
      const stamps = [
        review,
        round?.created_at,
        ...sessions.filter((s) => s.branch === branch).map((s) => s.last_active_at),
      ];
      if (at !== undefined) stamps.push(indexTime(at.path));
      const updatedAt =
        stamps
          .filter((s): s is string => typeof s === "string")
          .sort()
          .at(-1) ?? input.now();
      return {
        branch,
        worktree: at?.path ?? null,
        head: tip,
        changed,
        waiting: counts,
        agents,
        updatedAt,
        own: isOwn,
        deleted: at === undefined && !branch.startsWith("detached:") && !tips.has(branch),
      };
    }),
  );
  const branches = entries.filter((e): e is BranchEntry => e !== null);
  branches.sort(
    (a, b) =>
      b.waiting.onYou - a.waiting.onYou ||
      (b.updatedAt < a.updatedAt ? -1 : b.updatedAt > a.updatedAt ? 1 : 0) ||
      a.branch.localeCompare(b.branch),
  );
  return { branches };
}

/** The review's change of one branch: base to the work tree now, or to the last round when checked out nowhere. */
async function changeOf(
  input: ListBranchesInput,
  own: Repository,
  worktree: string | null,
  round: RoundRow | undefined,
): Promise<DiffSize> {
  if (worktree === null) return round === undefined ? NO_CHANGE : diffSize(own, round.base, round.snapshot);
  if (input.sizes === undefined) return worktreeChange(input, worktree, round);
  const key = `${worktree}\0${round?.id ?? ""}`;
  let size = input.sizes.get(key);
  if (size === undefined) {
    size = worktreeChange(input, worktree, round);
    input.sizes.set(key, size);
    size.catch(() => input.sizes?.delete(key));
  }
  return size;
}

/** A work tree's change now: from its review's base (HEAD before any round) to a snapshot of its files. */
async function worktreeChange(
  input: ListBranchesInput,
  worktree: string,
  round: RoundRow | undefined,
): Promise<DiffSize> {
  const repo = await input.scopes.open(worktree).catch(() => null);
  if (repo === null) return NO_CHANGE;
  const base = round?.base ?? repo.head ?? repo.emptyTree;
  const { tree } = await snapshotWorktree(repo);
  return diffSize(repo, base, tree);
}

/** Each branch with a review (rounds, threads or releases) and its last activity. */
async function reviewedBranches(db: Kysely<Database>): Promise<Map<string, string>> {
  const [threads, rounds, reviews] = await Promise.all([
    db
      .selectFrom("threads")
      .select(["branch", (eb) => eb.fn.max("updated_at").as("at")])
      .groupBy("branch")
      .execute(),
    db
      .selectFrom("rounds")
      .select(["branch", (eb) => eb.fn.max("created_at").as("at")])
      .groupBy("branch")
      .execute(),
    db
      .selectFrom("reviews")
      .select(["branch", (eb) => eb.fn.max("released_at").as("at")])
      .groupBy("branch")
      .execute(),
  ]);
  const map = new Map<string, string>();
  for (const row of [...threads, ...rounds, ...reviews]) {
    const at = String(row.at ?? "");
    const known = map.get(row.branch);
    if (known === undefined || at > known) map.set(row.branch, at);
  }
  return map;
}

/** Open threads per branch, by whose turn it is. */
async function waitingCounts(db: Kysely<Database>): Promise<Map<string, { onYou: number; onAgent: number }>> {
  const rows = await db
    .selectFrom("threads")
    .select(["branch", "awaiting", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "=", "open")
    .groupBy(["branch", "awaiting"])
    .execute();
  const map = new Map<string, { onYou: number; onAgent: number }>();
  for (const row of rows) {
    const counts = map.get(row.branch) ?? { onYou: 0, onAgent: 0 };
    if (row.awaiting === "human") counts.onYou += Number(row.n);
    if (row.awaiting === "agent") counts.onAgent += Number(row.n);
    map.set(row.branch, counts);
  }
  return map;
}

/** When the work tree's index last changed (a commit, a stage), as an ISO time; undefined when unknown. */
function indexTime(worktree: string): string | undefined {
  try {
    const dotGit = join(worktree, ".git");
    const info = statSync(dotGit);
    // A linked work tree's .git is a file naming its git dir; its own folder's time is near enough.
    return (info.isDirectory() ? statSync(join(dotGit, "index")) : info).mtime.toISOString();
  } catch {
    return undefined;
  }
}
