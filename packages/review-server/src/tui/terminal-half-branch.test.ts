// The branch view in the real opencode TUI under tmux: `t` moves past the round views to the branch against
// its parent (the commits the agent made show there), the pick is kept in the store for the web panel, and a
// view opened later starts from it; `h` lists past reviews with their verdicts. One more session walks the
// which-diff views (uncommitted, one commit, since my last review), changed words (read with tmux's escapes),
// `i` ignore whitespace, and an unchanged file opened from go to file and commented on.
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
import { hasTmux, SCREENS_DIR, startTmux, tmuxArgs } from "../testing/tmux-screen.js";
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
      // Released once the draft reads as a sent comment (the confirmation closes before the release is written).
      await screen.waitFor(
        (s) =>
          !s.includes("Release 1 draft to the agent?") &&
          !s.includes("(draft): Why 22 on B?") &&
          s.includes("Why 22 on B?"),
        15_000,
      );
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

  it("T shows the uncommitted diff and one commit in words, a changed word is drawn apart, i hides a whitespace-only change and brings it back, since my last review shows only what changed after a release, and an unchanged file opened from go to file takes a comment", async () => {
    const p = makeTerminalOnlyProject({
      fakeModelUrl: opencode.model.url,
      plugin: opencode.plugin,
      files: {
        "src/app.ts": base,
        "src/price.ts": "export const total = price * qty;\n",
        "src/space.ts": "if (x) {\n  go();\n}\n",
        "docs/plan.md": "# Plan\n\nStep one.\nStep two.\n",
      },
    });
    const git = (...args: string[]) =>
      execFileSync("git", args, { cwd: p.dir, env: { ...process.env, ...p.env }, encoding: "utf8" });
    git("checkout", "-q", "-b", "work");
    writeFileSync(
      join(p.dir, "src", "app.ts"),
      base.replace("const line5 = 5;\n", "const line5 = 5;\nconst committed = line5 * 3;\n"),
    );
    git("commit", "-q", "-am", "the agent's work");
    const sha = git("rev-parse", "HEAD").trim();
    // Left uncommitted: one word changed, and a change of indentation alone.
    writeFileSync(join(p.dir, "src", "price.ts"), "export const total = price * quantity;\n");
    writeFileSync(join(p.dir, "src", "space.ts"), "if (x) {\n    go();\n}\n");
    const screen = startTmux({
      name: "tui-views",
      cwd: p.dir,
      env: p.env,
      command: [opencodeBinary()],
      width: 140,
      height: 40,
    });
    // The screen with its colours and attributes (tmux capture-pane -e): how a changed word is drawn.
    const escaped = () =>
      execFileSync("tmux", tmuxArgs("capture-pane", "-e", "-p", "-t", "tui-views"), { encoding: "utf8" });
    try {
      await screen.waitFor(home, 120_000);
      screen.keys("C-x", "v");
      await screen.waitFor(
        (s) => s.includes("Review · work") && s.includes("all changes") && s.includes("price * quantity"),
        30_000,
      );
      screen.save("all-changes");

      // Changed words: on the added line only "quantity" is underlined, on the deleted line only "qty".
      const sgrBefore = (line: string, word: string): string => {
        const at = line.indexOf(word);
        const codes = [...line.slice(0, at).matchAll(/\x1b\[([0-9;]*)m/g)];
        return codes.at(-1)?.[1] ?? "";
      };
      const underlined = (sgr: string) => sgr.split(";").includes("4");
      const withEscapes = escaped();
      writeFileSync(join(SCREENS_DIR, "tui-views-words-escaped.txt"), withEscapes);
      const lines = withEscapes.split("\n");
      const added = lines.find((l) => l.includes("quantity") && l.includes("+"))!;
      const deleted = lines.find((l) => l.includes("qty") && l.includes("-"))!;
      expect(added, "the added line is on screen").toBeDefined();
      expect(underlined(sgrBefore(added, "quantity")), `added: ${JSON.stringify(added)}`).toBe(true);
      expect(underlined(sgrBefore(added, "price")), `added: ${JSON.stringify(added)}`).toBe(false);
      expect(underlined(sgrBefore(deleted, "qty")), `deleted: ${JSON.stringify(deleted)}`).toBe(true);

      // i: the indentation-only change leaves the diff, and comes back.
      expect(screen.capture()).toContain("src/space.ts");
      screen.keys("i");
      const ignoring = await screen.waitFor((s) => !s.includes("src/space.ts") && s.includes("src/price.ts"), 15_000);
      screen.save("ignore-whitespace");
      expect(ignoring).toContain("whitespace ignored");
      expect(ignoring).toContain("Whitespace changes left out (i shows them).");
      screen.keys("i");
      await screen.waitFor((s) => s.includes("src/space.ts") && s.includes("src/price.ts"), 15_000);
      // Before any release the whole change is new since the person's review: both files say so, space.ts
      // too (its marks are read after the diff, with whitespace counted again).
      const NEW = "new since your review";
      const headerOf = (s: string, path: string) =>
        s.split("\n").find((l) => l.includes(path) && l.includes("modified")) ?? "";
      await screen.waitFor(
        (s) => headerOf(s, "src/space.ts").includes(NEW) && headerOf(s, "src/price.ts").includes(NEW),
        15_000,
      );

      // T: the round views, then uncommitted (the work tree against HEAD: not the commit)...
      for (const label of ["since last round", "last round only", "· uncommitted ·"]) {
        screen.keys("T");
        await screen.waitFor(label, 15_000);
      }
      // Each wait names what the view must not show too: its header is drawn before its diff, so an earlier
      // view's diff can stand under it for a moment.
      const uncommitted = await screen.waitFor(
        (s) => s.includes("· uncommitted ·") && s.includes("price * quantity") && !s.includes("const committed"),
        15_000,
      );
      screen.save("uncommitted");
      expect(uncommitted).not.toContain("const committed");
      // ... staged, since my last review, against main, and then the branch's one commit: its change alone.
      for (const label of ["· staged ·", "· since my last review ·", "against main", `commit ${sha.slice(0, 7)}`]) {
        screen.keys("T");
        await screen.waitFor(label, 15_000);
      }
      const commit = await screen.waitFor(
        (s) =>
          s.includes(`commit ${sha.slice(0, 7)}`) &&
          /6 \+ const committed = line5 \* 3;/.test(s) &&
          !s.includes("src/price.ts"),
        15_000,
      );
      screen.save("one-commit");
      expect(commit).not.toContain("quantity");
      expect(commit).not.toContain("src/price.ts");

      // Since my last review: a review released (by the web panel, on the same store), then the agent edits
      // price.ts again: since my last review shows that edit alone; the other views mark it.
      const store = await openStore({ path: defaultDbPath(await openRepository(p.dir)) });
      try {
        const there = createReviewService({
          now: systemClock,
          dir: p.dir,
          store,
          bus: createEventBus(),
          delivery: { mode: "tools", deliver: async () => null },
        });
        await there.release({ sessionId: "ses_elsewhere", verdict: "approve", summary: "Fine so far." });
      } finally {
        await store.close();
      }
      writeFileSync(join(p.dir, "src", "price.ts"), "export const total = price * quantity * 2;\n");
      // This opencode has no session ses_elsewhere: the terminal half says the delivery failed; x dismisses it.
      await screen.waitFor("Delivery failed", 30_000);
      screen.keys("x");
      await screen.waitFor((s) => !s.includes("Delivery failed"), 15_000);
      // T goes round the views again to since my last review.
      for (let turn = 0; turn < 12 && !screen.capture().includes("· since my last review ·"); turn++) {
        const before = screen.capture().split("\n")[0];
        screen.keys("T");
        await screen.waitFor((s) => s.split("\n")[0] !== before, 15_000);
      }
      // The header names the view before its diff is drawn (an earlier view's diff may still be on screen):
      // wait for the line only this view shows, the release's text of price.ts on the old side.
      const since = await screen.waitFor(
        (s) =>
          s.includes("· since my last review ·") &&
          s.includes("quantity * 2") &&
          s.includes("- export const total = price * quantity;"),
        15_000,
      );
      screen.save("since-review");
      expect(since).not.toContain("src/space.ts");
      expect(since).toContain("- export const total = price * quantity;");
      // T on to against main: price.ts, changed since the release, is marked; space.ts, unchanged since, is not.
      screen.keys("T");
      // The header changes before the new diff is drawn: wait for the view's own files (space.ts is back), and
      // for the marks, which arrive one read after the diff; a space.ts still marked fails here, by timeout.
      const against = await screen.waitFor(
        (s) =>
          s.includes("against main") &&
          headerOf(s, "src/price.ts").includes(NEW) &&
          headerOf(s, "src/space.ts") !== "" &&
          !headerOf(s, "src/space.ts").includes(NEW),
        15_000,
      );
      screen.save("against-main-since-marks");
      expect(headerOf(against, "src/space.ts")).not.toContain(NEW);
      // Go to file: docs/plan.md, which nothing changed, opens whole; a comment on its line 3 stays on it.
      screen.keys("t");
      await screen.waitFor((s) => s.includes("docs/plan.md") || s.includes("Go to file"), 10_000);
      screen.type("plan");
      await screen.waitFor("docs/plan.md", 10_000);
      screen.keys("Enter");
      await screen.waitFor((s) => s.includes("docs/plan.md") && s.includes("Step one."), 15_000);
      screen.save("plan-opened");
      screen.keys("j", "j", "j");
      screen.keys("c");
      await screen.waitFor((s) => /Comment|comment on/i.test(s) && s.includes("plan.md"), 10_000);
      screen.type("Why this step first?");
      screen.keys("Enter");
      // Saved: the editor closes and the draft thread sits under line 3, the header counts it.
      const commented = await screen.waitFor(
        (s) => !s.includes("Enter saves the draft") && s.includes("Why this step first?") && s.includes("1 draft"),
        15_000,
      );
      screen.save("plan-commented");
      const rows = commented.split("\n");
      const stepOne = rows.findIndex((l) => l.includes("Step one."));
      const comment = rows.findIndex((l) => l.includes("Why this step first?"));
      expect(stepOne).toBeGreaterThan(-1);
      expect(comment).toBeGreaterThan(stepOne);
      expect(rows.slice(stepOne + 1, comment).some((l) => l.includes("Step two."))).toBe(false);
    } finally {
      screen.save("last");
      screen.kill();
      p.cleanup();
    }
  }, 300_000);
});
