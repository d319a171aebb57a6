// The branch view in the real opencode TUI under tmux: `t` moves past the round views to the branch against
// its parent (the commits the agent made show there), the pick is kept in the store for the web panel, and a
// view opened later starts from it; `h` lists past reviews with their verdicts.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeTerminalOnlyProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, startTmux } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

describe.skipIf(!hasTmux())("the terminal half's branch view (real opencode under tmux)", () => {
  const opencode = packedPluginSuite();

  it("T reaches 'against main', where the work committed on the branch shows, and the pick is kept for the web panel and the next view; h lists a review released elsewhere with its verdict and overall comment", async () => {
    const p = makeTerminalOnlyProject({
      fakeModelUrl: opencode.model.url,
      plugin: opencode.plugin,
      files: { "src/app.ts": base },
    });
    // The agent's work, committed on a branch of its own before the review starts: the review's base is
    // HEAD, so only the branch view shows it.
    const git = (...args: string[]) => execFileSync("git", args, { cwd: p.dir, env: { ...process.env, ...p.env } });
    git("checkout", "-q", "-b", "work");
    writeFileSync(
      join(p.dir, "src", "app.ts"),
      base.replace("const line5 = 5;\n", "const line5 = 5;\nconst committed = line5 * 3;\n"),
    );
    git("commit", "-q", "-am", "the agent's work");
    const screen = startTmux({
      name: "tui-branch",
      cwd: p.dir,
      env: p.env,
      command: [opencodeBinary()],
      width: 140,
      height: 40,
    });
    try {
      await screen.waitFor(home, 120_000);
      screen.keys("C-x", "v");
      // Loaded: the review's base is HEAD, so all changes are none (the branch views are read before the diff).
      await screen.waitFor(
        (s) =>
          s.includes("Review · work") &&
          s.includes("all changes") &&
          s.includes("No changes: the work tree matches the review's base."),
        30_000,
      );
      screen.save("opened");
      // The rounds' views, then the views of GET /api/diff, then the parent branches (the which-diff picker).
      for (const label of [
        "since last round",
        "last round only",
        "· uncommitted ·",
        "· staged ·",
        "· since my last review ·",
        "against main",
      ]) {
        screen.keys("T");
        await screen.waitFor(label, 15_000);
      }
      const against = await screen.waitFor(
        (s) => s.includes("against main") && /6 \+ const committed = line5 \* 3;/.test(s),
        30_000,
      );
      screen.save("against-main");
      expect(against).toContain("src/app.ts");
      // The pick is in the store: a web panel's GET /api/bases (another service on the same file) answers it.
      const store = await openStore({ path: defaultDbPath(await openRepository(p.dir)) });
      try {
        const there = createReviewService({
          now: systemClock,
          dir: p.dir,
          store,
          bus: createEventBus(),
          delivery: { mode: "tools", deliver: async () => null },
        });
        expect((await there.reviewBases()).picked).toBe("branch:main");
        // A review released elsewhere (an approval with an overall comment and no drafts) is listed by h.
        await there.release({
          sessionId: "ses_elsewhere",
          verdict: "approve",
          summary: "Ship it.\nThe branch view reads right.",
        });
      } finally {
        await store.close();
      }
      // Closed and opened again, the view starts from the kept pick.
      screen.keys("q");
      await screen.waitFor((s) => !s.includes("Review · work"), 15_000);
      screen.keys("C-x", "v");
      const reopened = await screen.waitFor(
        (s) => s.includes("Review · work") && s.includes("against main") && s.includes("const committed"),
        30_000,
      );
      screen.save("reopened");
      expect(reopened).not.toContain("all changes");
      screen.keys("h");
      const past = await screen.waitFor((s) => s.includes("Past reviews") && s.includes("Approved ·"), 15_000);
      screen.save("past-reviews");
      expect(past).toContain("no comments");
      expect(past).toContain("Ship it.");
      expect(past).toContain("The branch view reads right.");
      screen.keys("Escape");
      await screen.waitFor((s) => !s.includes("Past reviews") && s.includes("against main"), 15_000);

      // Another agent's attempt in a work tree of its own: B lists every branch, Enter opens agent-b's review
      // in this view, where a comment and a release are agent-b's (handed to the agent working there).
      const worktreeB = join(p.dir, "..", "agent-b");
      git("worktree", "add", "-q", "-b", "agent-b", worktreeB, "main");
      writeFileSync(join(worktreeB, "src", "app.ts"), base.replace("const line2 = 2;", "const line2 = 22; // B"));
      screen.keys("B");
      const listed = await screen.waitFor(
        (s) => s.includes("Branches · j / k pick") && s.includes("agent-b") && s.includes("work (open)"),
        30_000,
      );
      screen.save("branches");
      expect(listed).toMatch(/agent-b · .*agent-b/);
      for (let i = 0; i < 5 && !/› agent-b/.test(screen.capture()); i++) {
        screen.keys("j");
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(screen.capture()).toMatch(/› agent-b/);
      screen.keys("Enter");
      await screen.waitFor(
        (s) => s.includes("Review · agent-b") && s.includes("const line2 = 22; // B") && !s.includes("Branches ·"),
        30_000,
      );
      screen.save("agent-b-open");
      screen.keys("C");
      await screen.waitFor("Enter saves the draft", 10_000);
      screen.type("Why 22 on B?");
      screen.keys("Enter");
      await screen.waitFor("you (draft): Why 22 on B?", 10_000);
      screen.keys("s");
      await screen.waitFor("Release 1 draft to the agent?", 10_000);
      screen.keys("Enter");
      await screen.waitFor((s) => !s.includes("Release 1 draft to the agent?"), 15_000);
      screen.save("agent-b-released");
      // In the store: agent-b's thread, its release waiting for the agent in agent-b's work tree; none on work.
      const after = await openStore({ path: defaultDbPath(await openRepository(p.dir)) });
      try {
        const threads = await after.db.selectFrom("threads").select(["branch", "status"]).execute();
        expect(threads).toEqual([{ branch: "agent-b", status: "open" }]);
        const releases = await after.db
          .selectFrom("reviews")
          .select(["branch", "worktree", "delivery_state"])
          .where("branch", "=", "agent-b")
          .execute();
        expect(releases).toEqual([{ branch: "agent-b", worktree: worktreeB, delivery_state: "pending" }]);
      } finally {
        await after.close();
      }
      // And back: B, the own branch, Enter.
      screen.keys("B");
      await screen.waitFor((s) => s.includes("Branches · j / k pick") && s.includes("agent-b (open)"), 30_000);
      for (let i = 0; i < 5 && !/› work/.test(screen.capture()); i++) {
        screen.keys("j");
        await new Promise((r) => setTimeout(r, 300));
      }
      screen.keys("Enter");
      await screen.waitFor((s) => s.includes("Review · work") && s.includes("against main"), 30_000);
    } finally {
      screen.save("last");
      screen.kill();
      p.cleanup();
    }
  }, 300_000);
});
