import { describe, expect, it } from "vitest";
import { addressOf, branchStatus, hashOf, withBranch, type BranchInfo } from "./branches.js";

const entry = (branch: string, onYou: number, updatedAt: string, extra: Partial<BranchInfo> = {}): BranchInfo => ({
  branch,
  worktree: `/work/${branch}`,
  head: "a".repeat(40),
  changed: { files: 1, additions: 2, deletions: 1 },
  waiting: { onYou, onAgent: 0 },
  agents: [],
  updatedAt,
  ...extra,
});

describe("the branch address", () => {
  it("reads and writes #branch= and #compare=a..b, keeping branch names with slashes readable", () => {
    expect(addressOf("")).toEqual({ kind: "branch", branch: null });
    expect(addressOf("#branch=agent-a&file=src/a.ts")).toEqual({ kind: "branch", branch: "agent-a" });
    expect(addressOf("#compare=agent-a..feature/b")).toEqual({ kind: "compare", a: "agent-a", b: "feature/b" });
    expect(addressOf("#compare=..b")).toEqual({ kind: "branch", branch: null });
    expect(hashOf({ kind: "branch", branch: "feature/x" })).toBe("#branch=feature/x");
    expect(hashOf({ kind: "compare", a: "a", b: "b" })).toBe("#compare=a..b");
    expect(addressOf(hashOf({ kind: "branch", branch: "feature/x" }))).toEqual({ kind: "branch", branch: "feature/x" });
  });
});

describe("the branch list", () => {
  it("puts what waits on the person first, then the latest, and replaces an entry a branch event brings", () => {
    const list = [entry("quiet", 0, "2026-01-01T10:00:00Z"), entry("busy", 0, "2026-01-01T11:00:00Z")];
    const next = withBranch(list, entry("quiet", 2, "2026-01-01T10:05:00Z"));
    expect(next.map((b) => b.branch)).toEqual(["quiet", "busy"]);
    expect(next.find((b) => b.branch === "quiet")!.waiting.onYou).toBe(2);
    expect(withBranch(next, entry("new", 0, "2026-01-01T12:00:00Z")).map((b) => b.branch)).toEqual([
      "quiet",
      "new",
      "busy",
    ]);
  });

  it("says in one line where a branch stands", () => {
    expect(
      branchStatus(entry("a", 2, "", { agents: [{ kind: "opencode", session: { id: "s", title: "t" }, live: true }] })),
    ).toBe("1 file +2 −1 · 2 wait on you · agent live");
    expect(branchStatus(entry("b", 0, "", { worktree: null, deleted: true }))).toBe("1 file +2 −1 · branch deleted");
    expect(branchStatus(entry("c", 0, "", { worktree: null }))).toBe("1 file +2 −1 · checked out nowhere (read-only)");
  });
});
