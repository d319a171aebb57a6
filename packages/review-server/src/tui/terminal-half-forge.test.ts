import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { APP_TS, STAND_IN_TOKEN } from "../forge/testing/github-fixture.js";
import { startGitHubStandIn, type GitHubStandIn } from "../forge/testing/github-stand-in.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeTerminalOnlyProject, type OpencodeProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, startTmux } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

// The pull request's Send list in opencode's terminal (f): the agent's queued reply on a forge thread is
// listed with its place, the comment it answers and the account it goes under; Enter asks, y posts it,
// and the GitHub stand-in (built on GitHub's published schema) holds it in its thread. Real opencode, tmux.

const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

let github: GitHubStandIn | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

/** The project on branch `feature` (upstream origin/feature, a github.com remote) and pull request #7 from it on the stand-in. */
async function forgeProject(opencode: ReturnType<typeof packedPluginSuite>) {
  github = await startGitHubStandIn({
    owner: "octo",
    repo: "app",
    tokens: { [STAND_IN_TOKEN]: { login: "person", scopes: ["repo"] } },
  });
  const p = makeTerminalOnlyProject({
    fakeModelUrl: opencode.model.url,
    plugin: opencode.plugin,
    files: { "src/app.ts": "export const name = 'app';\n" },
  });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: p.dir, stdio: "pipe" }).toString().trim();
  git("checkout", "-q", "-b", "feature");
  writeFileSync(join(p.dir, "src", "app.ts"), APP_TS);
  git("commit", "-qam", "add total");
  git("remote", "add", "origin", "git@github.com:octo/app.git");
  git("config", "branch.feature.remote", "origin");
  git("config", "branch.feature.merge", "refs/heads/feature");
  const head = git("rev-parse", "HEAD");
  const pull = github.addPull({ number: 7, headRefName: "feature", headRefOid: head });
  const thread = github.addThread(pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: head,
  });
  const env = { GH_TOKEN: STAND_IN_TOKEN, GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl };
  Object.assign(p.env, env);
  return { p, pull, thread, forgeEnv: { ...env, PATH: "/nonexistent" } };
}

async function withService<T>(
  p: OpencodeProject,
  env: Record<string, string>,
  use: (service: ReturnType<typeof createReviewService>) => Promise<T>,
): Promise<T> {
  const repo = await openRepository(p.dir);
  const store = await openStore({ path: defaultDbPath(repo) });
  try {
    return await use(
      createReviewService({
        now: systemClock,
        dir: p.dir,
        store,
        bus: createEventBus(),
        delivery: { mode: "prose", deliver: async () => null },
        forge: { env, gh: false },
      }),
    );
  } finally {
    await store.close();
  }
}

describe.skipIf(!hasTmux())(
  "the pull request's Send list in opencode's terminal (real opencode under tmux, GitHub stand-in)",
  () => {
    const opencode = packedPluginSuite();

    it("f lists the queued reply under the token's login; Enter asks, y posts it to the forge thread and the list empties; p sends a release to the pull request", async () => {
      const { p, pull, thread, forgeEnv } = await forgeProject(opencode);
      await withService(p, forgeEnv, async (service) => {
        await service.pullForge();
        const [open] = await service.listThreads({ status: "waiting" });
        await service.agentReply({ id: open!.id, text: "Yes: the loop starts at the first item now." });
      });
      const screen = startTmux({
        name: "tui-forge",
        cwd: p.dir,
        env: p.env,
        command: [opencodeBinary()],
        width: 140,
        height: 40,
      });
      try {
        await screen.waitFor(home, 120_000);
        screen.keys("C-x", "v");
        await screen.waitFor("Review · ", 30_000);
        screen.keys("f");
        const listed = await screen.waitFor((s) => s.includes("Pull request #7") && s.includes("src/app.ts:2"), 15_000);
        screen.save("forge-list");
        expect(listed).toContain('answers @alice: "Start from the first item?"');
        expect(listed).toContain("Yes: the loop starts at the first item now.");
        expect(listed).toContain("1 reply waits to be posted");
        expect(listed).toContain("Replies are posted as @person.");
        expect(thread.comments).toHaveLength(1);

        screen.keys("Enter");
        const asked = await screen.waitFor("Post 1 reply to pull request #7", 10_000);
        screen.save("forge-ask");
        expect(asked).toContain("Enter / y sends");
        expect(thread.comments).toHaveLength(1);
        screen.keys("y");
        const sent = await screen.waitFor("Posted 1 reply to pull request #7", 30_000);
        screen.save("forge-sent");
        expect(sent).toContain("Nothing waits to be posted (1 posted so far).");
        expect(sent).toMatch(/src\/app\.ts:2 → https:\/\/github\.com\/octo\/app\/pull\/7#discussion_r\d+/);
        expect(thread.comments).toHaveLength(2);
        expect(thread.comments[1]).toMatchObject({
          login: "person",
          body: expect.stringContaining("Yes: the loop starts at the first item now."),
        });

        screen.keys("Escape");
        await screen.waitFor((s) => !s.includes("Send list") && s.includes("Posted 1 reply"), 10_000);

        // The release can go to the pull request instead of the agent: p in the confirmation line toggles it.
        await withService(p, forgeEnv, (service) =>
          service.draftThread({ file: "src/app.ts", start: 3, end: 3, body: "Use reduce here." }),
        );
        await screen.waitFor("1 draft", 15_000);
        screen.keys("s");
        await screen.waitFor("p to pull request #7", 10_000);
        screen.keys("p");
        await screen.waitFor("Release 1 draft to pull request #7 as a review?", 10_000);
        screen.save("forge-release-ask");
        screen.keys("Enter");
        const released = await screen.waitFor(
          "to pull request #7 as a review: https://github.com/octo/app/pull/7#pullrequestreview-",
          30_000,
        );
        screen.save("forge-released");
        expect(released).toContain("Released 1 message");
        expect(pull.reviews).toHaveLength(1);
        expect(pull.reviews[0]).toMatchObject({
          event: "COMMENT",
          login: "person",
          body: expect.stringContaining("Use reduce here."),
        });
      } finally {
        screen.save("forge-last");
        screen.kill();
      }
    }, 300_000);
  },
);
