import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import type { FakeModel, RecordedRequest } from "../testing/fake-model.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeBothHalvesProject, makeTerminalOnlyProject, type OpencodeProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, startTmux, type TmuxScreen } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

// A release made on opencode's home screen, before any session exists, waits and goes to the first session the
// person starts (issue 27, "the first hour"). Before, it read "No agent session was found" and Retry failed the
// same way once a session existed. Driven through the real opencode under tmux, asserted on what the model got.

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

function bothHalves(fakeModelUrl: string, plugin: string): OpencodeProject {
  return makeBothHalvesProject({
    fakeModelUrl,
    plugin,
    files: { "src/app.ts": base },
    changes: { "src/app.ts": changed },
  });
}

function startOpencode(name: string, p: OpencodeProject): TmuxScreen {
  return startTmux({ name, cwd: p.dir, env: p.env, command: [opencodeBinary()], width: 140, height: 40 });
}

/** Opens the review on the home screen, comments on the added line and releases: the confirmation says it waits. */
async function releaseOnHomeScreen(screen: TmuxScreen, words: string): Promise<string> {
  // The first start in a fresh harness home installs opencode's own plugin package: minutes on a loaded machine.
  await screen.waitFor(home, 240_000);
  screen.keys("C-x", "v");
  await screen.waitFor("src/app.ts", 30_000);
  screen.keys("]", "j", "j", "j", "c");
  await screen.waitFor("Comment on src/app.ts:6", 10_000);
  screen.type(words);
  screen.keys("Enter");
  await screen.waitFor(`you (draft): ${words}`, 15_000);
  screen.keys("s");
  await screen.waitFor("Release 1 draft to the agent?", 10_000);
  screen.keys("Enter");
  // The confirmation on the status line (it ends with a full stop; the line under the header says it too).
  return screen.waitFor("it goes to the next session you open.", 60_000);
}

/** The conversation request whose messages carry `text`, once the model has received it. */
async function requestWith(model: FakeModel, text: string, timeoutMs = 60_000): Promise<RecordedRequest> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = model.conversation().find((r) => JSON.stringify(r.messages).includes(text));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `the model never received "${text}"; its last user texts: ${model
      .conversation()
      .map((r) => r.lastUserText.slice(0, 120))
      .join(" | ")}`,
  );
}

/** The project's releases as `GET /api/reviews` has them, read from its store by this process. */
async function pastReviews(p: OpencodeProject) {
  const store = await openStore({ path: defaultDbPath(await openRepository(p.dir)) });
  try {
    return await createReviewService({
      now: systemClock,
      dir: p.dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "prose", deliver: async () => null },
    }).pastReviews();
  } finally {
    await store.close();
  }
}

describe.skipIf(!hasTmux())("a release before any session (real opencode under tmux)", () => {
  const opencode = packedPluginSuite();

  it("both halves: released on the home screen it waits and says so; the prompt that starts a session brings the notice to the model", async () => {
    const p = bothHalves(opencode.model.url, opencode.plugin);
    const screen = startOpencode("late-both", p);
    try {
      const released = await releaseOnHomeScreen(screen, "Name it doubled.");
      screen.save("released-waiting");
      expect(released).toContain("no session yet: it goes to the next session you open");
      expect(released).not.toContain("Delivery failed");
      const [waiting] = await pastReviews(p);
      expect(waiting!.delivery).toMatchObject({ state: "pending", waitsFor: "session" });

      screen.keys("q");
      await screen.waitFor((s) => !s.includes("Review · ") && home(s), 15_000);
      screen.type("hello");
      screen.keys("Enter");
      const told = await requestWith(opencode.model, "The reviewer released");
      screen.save("session-started");
      // With the server half's tools on: the short notice naming review_list, in the session the prompt started.
      expect(JSON.stringify(told.messages)).toContain("review_list");
      const [delivered] = await pastReviews(p);
      expect(delivered!.delivery).toMatchObject({ state: "delivered", to: told.sessionId });
      // Once: the two halves both heard of the session, and one of them sent it.
      const copies = opencode.model
        .conversation()
        .filter((r) => r.sessionId === told.sessionId)
        .at(-1)!;
      expect(JSON.stringify(copies.messages).split("The reviewer released").length - 1).toBe(1);
    } finally {
      screen.save("late-both-last");
      screen.kill();
      p.cleanup();
    }
  }, 480_000);

  it("terminal half alone: the waiting release reaches the first session as the whole review in prose", async () => {
    const p = makeTerminalOnlyProject({
      fakeModelUrl: opencode.model.url,
      plugin: opencode.plugin,
      files: { "src/app.ts": base },
      changes: { "src/app.ts": changed },
    });
    const screen = startOpencode("late-tui", p);
    try {
      const released = await releaseOnHomeScreen(screen, "Terminal words, sent late.");
      screen.save("released-waiting");
      expect(released).toContain("no session yet: it goes to the next session you open");
      screen.keys("q");
      await screen.waitFor((s) => !s.includes("Review · ") && home(s), 15_000);
      screen.type("hi");
      screen.keys("Enter");
      const told = await requestWith(opencode.model, "Terminal words, sent late.");
      screen.save("session-started");
      expect(JSON.stringify(told.messages)).toContain("src/app.ts");
      expect(JSON.stringify(told.messages)).not.toContain("review_list");
      const [delivered] = await pastReviews(p);
      expect(delivered!.delivery).toMatchObject({ state: "delivered", to: told.sessionId });
    } finally {
      screen.save("late-tui-last");
      screen.kill();
      p.cleanup();
    }
  }, 480_000);
});
