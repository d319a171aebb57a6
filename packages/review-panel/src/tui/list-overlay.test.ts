import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { BranchInfo } from "../state/branches/branches.js";
import { createListOverlay } from "./list-overlay.js";

const branch = (name: string, onYou: number, extra: Partial<BranchInfo> = {}): BranchInfo => ({
  branch: name,
  worktree: `/repos/${name}`,
  head: "a".repeat(40),
  changed: { files: 1, additions: 2, deletions: 0 },
  waiting: { onYou, onAgent: 0 },
  agents: [],
  updatedAt: "2026-12-05T10:00:00.000Z",
  ...extra,
});

describe("the branch list (B)", () => {
  it("lists every branch, what waits on you first, with its work tree, agents and state; j / k move the pick, Enter opens it", () => {
    createRoot((dispose) => {
      const opened: string[] = [];
      const list = createListOverlay({
        reviews: () => [],
        keyHelp: () => ["?  this help"],
        screen: () => ({ width: 100, height: 12 }),
        top: () => 2,
        branch: () => "main",
        openBranch: (b) => opened.push(b.branch),
      });
      list.openBranches([
        branch("main", 0, { own: true }),
        branch("agent-a", 0, { worktree: null }),
        branch("agent-b", 2, {
          agents: [{ kind: "opencode", session: { id: "ses_b", title: "Attempt B" }, live: true }],
        }),
      ]);
      expect(list.title()).toContain("Enter opens");
      const shown = list.visible().join("\n");
      // agent-b has two threads waiting on the person: first, and picked.
      expect(list.visible()[0]).toBe("› agent-b · /repos/agent-b");
      expect(shown).toContain("2 wait on you · agent live");
      expect(shown).toContain('agents: opencode "Attempt B" (live)');
      expect(shown).toContain("  main (open) · /repos/main");
      expect(shown).toContain("checked out nowhere (read-only)");
      // The pick moves by whole branches and the box scrolls so it stays in view (6 rows: 12 high, under row 2).
      list.down();
      expect(list.visible().join("\n")).toMatch(/› agent-a/);
      list.down();
      expect(list.visible().join("\n")).toMatch(/› main \(open\)/);
      list.down();
      expect(list.visible().join("\n")).toMatch(/› main \(open\)/);
      list.up();
      expect(list.visible().join("\n")).toMatch(/› agent-a/);
      list.choose();
      expect(opened).toEqual(["agent-a"]);
      expect(list.shown()).toBeNull();
      // Enter on any other list closes it and opens nothing.
      list.open("keys");
      list.choose();
      expect(list.shown()).toBeNull();
      expect(opened).toEqual(["agent-a"]);
      dispose();
    });
  });
});
