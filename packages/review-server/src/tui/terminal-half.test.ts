import { rmSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { startFakeModel, type FakeModel, type FakeTurn, type RecordedRequest } from "../testing/fake-model.js";
import { installPackedPlugin } from "../testing/install-packed-plugin.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeOpencodeProject, type OpencodeProject } from "../testing/opencode-project.js";
import { hasTmux, startTmux, type TmuxScreen } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
// One added line after line 5, and a new file: the change the "agent" left.
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");

/** A project whose review has one released thread (line 9 of src/app.ts now), seeded through the real service. */
async function reviewProject(
  fakeModelUrl: string,
  plugin: string,
  halves: "both" | "tui",
  options: { readonly tour?: boolean } = {},
): Promise<{ project: OpencodeProject; seeded: string }> {
  const project = makeOpencodeProject({
    fakeModelUrl,
    plugins: halves === "both" ? [plugin] : [],
    files: {
      "src/app.ts": base,
      // opencode's own files in .opencode are not the agent's change.
      ".gitignore": ".opencode/*\n!.opencode/tui.json\nopencode.json\n",
      ".opencode/tui.json": `${JSON.stringify({ $schema: "https://opencode.ai/tui.json", plugin: [plugin] }, null, 2)}\n`,
    },
    changes: { "src/app.ts": changed, "src/util/new.ts": "export const fresh = true;\n" },
  });
  const repo = await openRepository(project.dir);
  const store = await openStore({ path: defaultDbPath(repo) });
  const service = createReviewService({
    now: systemClock,
    dir: project.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "prose", deliver: async () => null },
  });
  const thread = await service.draftThread({
    file: "src/app.ts",
    side: "new",
    start: 9,
    end: 9,
    body: "Seeded: is line8 still needed?",
  });
  await service.release({});
  // The agent's tour, as its review_tour writes it: the new line, then lines it did not change; the new file unexplained.
  if (options.tour)
    await service.writeTour({
      title: "Doubling",
      steps: [
        { file: "src/app.ts", from: 6, text: "The doubled value is new." },
        { file: "src/app.ts", from: 1, to: 2, text: "These stay as they were." },
      ],
    });
  await store.close();
  return { project, seeded: thread.id };
}

function startOpencode(name: string, project: OpencodeProject, width: number, height: number): TmuxScreen {
  return startTmux({ name, cwd: project.dir, env: project.env, command: [opencodeBinary()], width, height });
}

describe.skipIf(!hasTmux())("the review in opencode's terminal (real opencode under tmux)", () => {
  let plugin: string;
  beforeAll(async () => {
    plugin = await installPackedPlugin();
  }, 300_000);

  it("opens with ctrl+x v over the session; a comment becomes a draft, the release reaches the agent as the notice, its review_reply shows in the open view, and a resolve from the terminal is what the web panel's API says", async () => {
    const model = await startFakeModel(agentScript("Renamed it as asked."));
    const { project, seeded } = await reviewProject(model.url, plugin, "both");
    const screen = startOpencode("tui-both", project, 160, 48);
    try {
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 120_000);
      screen.save("home");
      screen.type("hello");
      screen.keys("Enter");
      await screen.waitFor("Hi there.", 60_000);
      screen.keys("C-x", "v");
      const opened = await screen.waitFor("Seeded: is line8 still needed?", 30_000);
      screen.save("opened");
      expect(opened).toContain("src/app.ts");
      expect(opened).toContain("src/util/new.ts");
      expect(opened).toMatch(/6 \+ const added = line5 \* 2;/);
      expect(opened).toContain("line 9 · waiting on agent");
      expect(opened).toMatch(/src\/\s+│/); // the file tree beside the diff at 160 columns

      // The cursor starts on the first file; n goes to src/app.ts, ] to its hunk, three j to the added line.
      screen.keys("n", "]", "j", "j", "j", "c");
      await screen.waitFor("Comment on src/app.ts:6", 10_000);
      screen.type("Please name it doubled.");
      screen.save("editing");
      screen.keys("Enter");
      const drafted = await screen.waitFor("you (draft): Please name it doubled.", 15_000);
      screen.save("drafted");
      expect(drafted).toContain("line 6 · DRAFT");
      expect(drafted).toContain("1 draft");

      screen.keys("s");
      await screen.waitFor("Release 1 draft to the agent? Enter sends", 10_000);
      screen.save("confirm");
      screen.keys("Enter");
      const notice = await waitForRequest(model, (r) => r.lastUserText.includes("The reviewer released"));
      // Both halves with tools on: the short notice that names the tool, not the comment's words.
      expect(notice.lastUserText).toContain("review_list");
      expect(notice.lastUserText).not.toContain("Please name it doubled.");

      // The agent answers through review_reply in the server half; the open view shows it within the poll.
      const replied = await screen.waitFor("agent: Renamed it as asked.", 30_000);
      screen.save("replied");
      expect(replied).toContain("waiting on you");

      // N moves to the first thread (the new one at line 6), r resolves it.
      screen.keys("N");
      await new Promise((r) => setTimeout(r, 300));
      screen.keys("r");
      await screen.waitFor("resolved by you", 15_000);
      screen.save("resolved");
      const threads = await panelThreads(project);
      const mine = threads.find((t) => t.messages.some((m) => m.body === "Please name it doubled."));
      expect(mine?.status).toBe("resolved");
      expect(threads.find((t) => t.id === seeded)?.status).toBe("open");

      screen.keys("q");
      const back = await screen.waitFor((s) => !s.includes("Review · main") && s.includes("Hi there."), 10_000);
      screen.save("closed");
      expect(back).toContain("Hi there.");

      // The agent answers the seeded thread from another process while the view is closed: a toast, and the
      // session's sidebar says what waits on the person.
      await agentAnswers(project, seeded, "Still needed: it feeds line9.");
      const told = await screen.waitFor(
        (s) => s.includes("The agent answered") && s.includes("1 thread waits on you"),
        15_000,
      );
      screen.save("toast-and-sidebar");
      expect(told).toContain("src/app.ts:9");
    } finally {
      screen.save("last");
      screen.kill();
      await model.close();
    }
  }, 400_000);

  it("alone (only tui.json lists it), at 80x24: /changes opens it, the tree is behind b, and a release is the whole review as prose naming no tool", async () => {
    const model = await startFakeModel(agentScript("unused"));
    const { project } = await reviewProject(model.url, plugin, "tui");
    const screen = startOpencode("tui-alone", project, 80, 24);
    try {
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 120_000);
      screen.type("hello");
      screen.keys("Enter");
      await screen.waitFor("Hi there.", 60_000);
      screen.type("/changes");
      await new Promise((r) => setTimeout(r, 500));
      screen.save("slash");
      screen.keys("Enter");
      const opened = await screen.waitFor("src/util/new.ts", 30_000);
      screen.save("opened");
      expect(opened).not.toMatch(/src\/\s+│/);
      screen.keys("b");
      const tree = await screen.waitFor((s) => /util\//.test(s) && /│/.test(s), 10_000);
      screen.save("tree");
      expect(tree).toContain("app.ts (1)");
      screen.keys("b");

      screen.keys("n", "]", "j", "j", "j", "c");
      await screen.waitFor("Comment on src/app.ts:6", 10_000);
      screen.type("Terminal-only words here.");
      screen.keys("Enter");
      await screen.waitFor("you (draft): Terminal-only words", 15_000);
      screen.save("drafted");
      screen.keys("s");
      await screen.waitFor("Release 1 draft", 10_000);
      screen.keys("Enter");
      const prose = await waitForRequest(model, (r) => r.lastUserText.includes("Terminal-only words here."));
      expect(prose.lastUserText).toContain("src/app.ts");
      expect(prose.lastUserText).not.toMatch(/review_(list|reply|open)/);
      const released = await screen.waitFor("as prose", 15_000);
      screen.save("released");
      expect(released).toContain("Released 1 message");
      screen.keys("?");
      const help = await screen.waitFor("Keys · Escape closes", 10_000);
      screen.save("help");
      expect(help).toContain("next / previous hunk");
    } finally {
      screen.save("last");
      screen.kill();
      await model.close();
    }
  }, 400_000);

  it("the rest of the keys: split view, a range comment, edit and delete a draft, a whole-file comment, a suggestion, folding, the rounds filter, a round, mark seen, the web panel's link", async () => {
    const model = await startFakeModel([{ kind: "text", text: "Hi there." }]);
    const { project } = await reviewProject(model.url, plugin, "both", { tour: true });
    const screen = startOpencode("tui-keys", project, 160, 48);
    const step = async (keys: string[], expected: string | ((s: string) => boolean), label: string) => {
      screen.keys(...keys);
      const seen = await screen.waitFor(expected, 15_000);
      screen.save(label);
      return seen;
    };
    try {
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 120_000);
      await step(["C-x", "v"], "Seeded: is line8 still needed?", "opened");
      // Split: the old side on the left, the new on the right (waited for whole: tmux can catch a frame half drawn).
      const split = await step(
        ["v"],
        (s) => s.includes("· split") && /5 +const line5 = 5;\s+│\s+5 +const line5 = 5;/.test(s),
        "split",
      );
      expect(split).toMatch(/\s+│\s+6 \+ const added = line5 \* 2;/);
      await step(["v"], "· unified", "unified");

      await step(["n", "]", "V", "j", "j", "c"], "Comment on src/app.ts:3-5", "range-editor");
      screen.type("Range words");
      await step(["Enter"], "lines 3-5 · DRAFT", "range-drafted");
      await step(["j", "e"], "Edit draft", "edit-editor");
      screen.type(" and more");
      await step(["Enter"], "you (draft): Range words and more", "edited");
      const deleted = await step(["d"], (s) => s.includes("Draft deleted") && !s.includes("Range words"), "deleted");
      expect(deleted).not.toContain("lines 3-5");

      await step(["C"], "Comment on src/app.ts (whole file)", "file-editor");
      screen.type("File words");
      await step(["Enter"], "whole file · DRAFT", "file-drafted");

      // p goes to the header of the file the cursor is in, then to the file before.
      await step(["p"], "›▼ src/app.ts", "on-app");
      await step(["p"], "›▼ src/util/new.ts", "back-on-new");
      const folded = await step(["z"], "▶ src/util/new.ts", "folded");
      expect(folded).not.toContain("export const fresh = true;");
      await step(["z"], "export const fresh = true;", "unfolded");

      // Every draft took a round of the work tree as it is, so nothing changed since the last one.
      await step(["T"], "No changes in since last round", "since-last");
      await step(["T"], "last round only", "last-round");
      // Then the views of GET /api/diff, each parent branch and each commit of the branch, and round again.
      let seen = await step(["T"], "· uncommitted ·", "uncommitted");
      const header = (screenText: string) => screenText.split("\n")[0] ?? "";
      for (let presses = 0; !header(seen).includes("· all changes ·"); presses++) {
        expect(presses, header(seen)).toBeLessThan(60);
        const before = header(seen);
        seen = await step(["T"], (s) => header(s) !== before && header(s).startsWith("Review ·"), `view-${presses}`);
      }
      await step(["R"], /Round \d+ taken\./.test.bind(/Round \d+ taken\./), "round");

      await step(["n", "]", "j", "j", "j", "S"], "Suggest for src/app.ts:6", "suggest-editor");
      await step(["Enter"], "suggest + const added = line5 * 2;", "suggested");

      const link = await step(["o"], "http://127.0.0.1:", "link");
      expect(link).toMatch(/token=/);
      await step(["N", "N", "m"], "Marked seen", "seen");

      // The agent's tour: w walks it, the cursor on the step's line (c comments there), q leaves the tour first.
      expect(screen.capture()).toContain('The agent\'s tour "Doubling": 2 steps, 1 hunk not explained. w walks it.');
      const first = await step(["w"], "Tour · Step 1 of 2 · src/app.ts:6: The doubled value is new.", "tour-step-1");
      expect(first).toContain("Not explained by any step: src/util/new.ts:1");
      await step(["w"], "Tour · Step 2 of 2 · src/app.ts:1-2: These stay as they were.", "tour-step-2");
      await step(["W"], "Tour · Step 1 of 2", "tour-back");
      await step(["c"], "Comment on src/app.ts:6", "tour-comment-editor");
      screen.type("Tour words");
      await step(["Enter"], "you (draft): Tour words", "tour-commented");
      await step(["q"], (s) => !s.includes("Tour · Step") && s.includes("w walks it"), "tour-closed");
    } finally {
      screen.save("last");
      screen.kill();
      await model.close();
    }
  }, 400_000);

  it("in a folder that is not a git repository, says so in one line inside the view, and q goes back to a working TUI", async () => {
    const model = await startFakeModel([{ kind: "text", text: "Still here." }]);
    const { project } = await reviewProject(model.url, plugin, "tui");
    rmSync(join(project.dir, ".git"), { recursive: true, force: true });
    const screen = startOpencode("tui-notgit", project, 100, 30);
    try {
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 120_000);
      screen.keys("C-x", "v");
      const said = await screen.waitFor("is not a git repository", 30_000);
      screen.save("not-git");
      expect(said).toContain("Run git init");
      screen.keys("q");
      await screen.waitFor((s) => !s.includes("is not a git repository"), 10_000);
      screen.type("still alive?");
      screen.keys("Enter");
      await screen.waitFor("Still here.", 60_000);
      screen.save("alive");
    } finally {
      screen.save("last");
      screen.kill();
      await model.close();
    }
  }, 300_000);
});

/** The scripted agent: says hello, answers a release notice by replying to the thread at src/app.ts:6. */
function agentScript(reply: string) {
  return (request: RecordedRequest, index: number): FakeTurn | undefined => {
    const last = request.messages[request.messages.length - 1];
    if (last?.role === "tool") return { kind: "text", text: "Replied." };
    if (request.lastUserText.includes("Call review_list")) {
      return { kind: "tools", calls: [{ name: "review_reply", args: { file: "src/app.ts", line: 6, text: reply } }] };
    }
    return index === 0 ? { kind: "text", text: "Hi there." } : { kind: "text", text: "Noted." };
  };
}

async function waitForRequest(
  model: FakeModel,
  match: (r: RecordedRequest) => boolean,
  timeoutMs = 30_000,
): Promise<RecordedRequest> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = model.conversation().find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `no model request matched; last user texts: ${model
      .conversation()
      .map((r) => r.lastUserText.slice(0, 200))
      .join(" | ")}`,
  );
}

/** The agent's reply through the same service the tools use, written by this (Node) process into the project's store. */
async function agentAnswers(project: OpencodeProject, threadId: string, text: string): Promise<void> {
  const repo = await openRepository(project.dir);
  const store = await openStore({ path: defaultDbPath(repo) });
  const service = createReviewService({
    now: systemClock,
    dir: project.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
  });
  await service.agentReply({ id: threadId, text });
  await store.close();
}

/** GET /api/threads?status=all from the web panel the server half registered for this repository. */
async function panelThreads(
  project: OpencodeProject,
): Promise<{ id: string; status: string; messages: { body: string }[] }[]> {
  const { livePanelLinks } = await import("../cli/live-panels.js");
  const [panel] = await livePanelLinks(await openRepository(project.dir));
  const answer = await fetch(new URL("/api/threads?status=all", panel!.row.url), {
    headers: { authorization: `Bearer ${panel!.token}` },
  });
  return ((await answer.json()) as { threads: { id: string; status: string; messages: { body: string }[] }[] }).threads;
}
