// Every branch of the repository in one panel: the list as GET /api/branches answers it, kept live by the
// `branch` events, and the address (`#branch=`, `#compare=a..b`) that says which branch or comparison is open.

/** An agent working on a branch: an opencode session there, or an MCP client in its work tree. */
export interface BranchAgent {
  readonly kind: "opencode" | "mcp";
  readonly session?: { readonly id: string; readonly title: string };
  readonly live: boolean;
}

/** One branch of `GET /api/branches`. */
export interface BranchInfo {
  readonly branch: string;
  readonly worktree: string | null;
  readonly head: string | null;
  readonly changed: { readonly files: number; readonly additions: number; readonly deletions: number };
  readonly waiting: { readonly onYou: number; readonly onAgent: number };
  readonly agents: readonly BranchAgent[];
  readonly updatedAt: string;
  readonly own?: boolean;
  readonly deleted?: boolean;
}

/** What the address opens: one branch's review (null: the server's own), or two branches compared. */
export type BranchAddress =
  | { readonly kind: "branch"; readonly branch: string | null }
  | { readonly kind: "compare"; readonly a: string; readonly b: string };

/**
 * Reads `#branch=<name>` or `#compare=<a>..<b>` from the address's fragment (other keys, such as a
 * linked place, are left alone).
 * @example addressOf("#branch=agent-a&file=x.ts") // { kind: "branch", branch: "agent-a" }
 */
export function addressOf(hash: string): BranchAddress {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const compare = params.get("compare");
  if (compare) {
    const at = compare.indexOf("..");
    if (at > 0 && at + 2 < compare.length)
      return { kind: "compare", a: compare.slice(0, at), b: compare.slice(at + 2) };
  }
  const branch = params.get("branch");
  return { kind: "branch", branch: branch ? branch : null };
}

/**
 * The fragment that opens `address`, keeping nothing of a place in another branch (a file, a line).
 * @example hashOf({ kind: "compare", a: "agent-a", b: "agent-b" }) // "#compare=agent-a..agent-b"
 */
export function hashOf(address: BranchAddress): string {
  const params = new URLSearchParams();
  if (address.kind === "compare") params.set("compare", `${address.a}..${address.b}`);
  else if (address.branch !== null) params.set("branch", address.branch);
  const text = params.toString().replace(/%2F/gi, "/");
  return text === "" ? "" : `#${text}`;
}

/**
 * The list in the order the server gives it: what waits on the person first, then the latest activity.
 * @example sortBranches(list)[0].waiting.onYou >= sortBranches(list)[1].waiting.onYou
 */
export function sortBranches(list: readonly BranchInfo[]): BranchInfo[] {
  return [...list].sort(
    (a, b) =>
      b.waiting.onYou - a.waiting.onYou ||
      (b.updatedAt < a.updatedAt ? -1 : b.updatedAt > a.updatedAt ? 1 : 0) ||
      a.branch.localeCompare(b.branch),
  );
}

/**
 * The list with one branch's new entry in place of its old one (or added), in order again.
 * @example withBranch(list, event.branch)
 */
export function withBranch(list: readonly BranchInfo[], entry: BranchInfo): BranchInfo[] {
  return sortBranches([...list.filter((b) => b.branch !== entry.branch), entry]);
}

/**
 * One line saying where a branch stands, for its row in the list.
 * @example branchStatus(b) // "3 files +40 −2 · 2 wait on you · agent live"
 */
export function branchStatus(b: BranchInfo): string {
  const parts: string[] = [];
  parts.push(
    b.changed.files === 0
      ? "no changes"
      : `${b.changed.files} file${b.changed.files === 1 ? "" : "s"} +${b.changed.additions} −${b.changed.deletions}`,
  );
  if (b.waiting.onYou > 0) parts.push(`${b.waiting.onYou} wait${b.waiting.onYou === 1 ? "s" : ""} on you`);
  if (b.waiting.onAgent > 0) parts.push(`${b.waiting.onAgent} on the agent`);
  const live = b.agents.filter((a) => a.live).length;
  if (live > 0) parts.push(live === 1 ? "agent live" : `${live} agents live`);
  else if (b.agents.length > 0) parts.push("no agent live");
  if (b.deleted) parts.push("branch deleted");
  else if (b.worktree === null) parts.push("checked out nowhere (read-only)");
  return parts.join(" · ");
}
