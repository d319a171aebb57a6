import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Thread } from "@opencode-review/core";
import { createEventBus } from "../events/event-bus.js";
import { APP_TS, STAND_IN_TOKEN } from "../forge/testing/github-fixture.js";
import { startGitHubStandIn, type GitHubStandIn } from "../forge/testing/github-stand-in.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { startFakeModel, type FakeTurn, type RecordedRequest } from "../testing/fake-model.js";
import { installPackedPlugin } from "../testing/install-packed-plugin.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeOpencodeProject, type OpencodeProject } from "../testing/opencode-project.js";
import { hasTmux, startTmux } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

// Issue 23's proof in the real opencode 1.18.33 under tmux, both halves from the installed package: a pull
// request's threads on the GitHub stand-in reach the agent, a scripted model addresses them (review_list,
// read, edit, review_reply with resolved: true on both), our check accepts one claim and refuses the other,
// the person sends them from the terminal half's Send list (f), and the stand-in holds each reply once in its
// own thread and the one resolve.

const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");
const FIXED = "  return xs.reduce((a, b) => a + b, 0);";

/**
 * The repository as a person's clone of octo/app: `main`, then branch `feature` (src/app.ts's total()) pushed
 * as `feature` to `git@github.com:octo/app.git`, whose pull request #7 is on the stand-in; both halves loaded.
 */
function forgeProject(fakeModelUrl: string, plugin: string): { project: OpencodeProject; head: string } {
  const project = makeOpencodeProject({
    fakeModelUrl,
    plugins: [plugin],
    files: {
      "src/app.ts": "export const name = 'app';\n",
      ".gitignore": ".opencode/*\n!.opencode/tui.json\nopencode.json\n",
      ".opencode/tui.json": `${JSON.stringify({ $schema: "https://opencode.ai/tui.json", plugin: [plugin] }, null, 2)}\n`,
    },
  });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: project.dir, encoding: "utf8" }).trim();
  git("checkout", "-q", "-b", "feature");
  writeFileSync(join(project.dir, "src/app.ts"), APP_TS);
  git("commit", "-q", "-am", "add total");
  git("remote", "add", "origin", "git@github.com:octo/app.git");
  git("config", "branch.feature.remote", "origin");
  git("config", "branch.feature.merge", "refs/heads/feature");
  return { project, head: git("rev-parse", "HEAD") };
}

/** The forge's environment as the person has it: a token, and GitHub's own API-base variables at the stand-in. */
function forgeEnv(github: GitHubStandIn): Record<string, string> {
  return { GH_TOKEN: STAND_IN_TOKEN, GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl };
}

/** The repository's threads as the store has them (read by this Node process, as any other would). */
async function storedThreads(dir: string): Promise<readonly Thread[]> {
  const store = await openStore({ path: defaultDbPath(await openRepository(dir)) });
  try {
    return await createReviewService({
      now: systemClock,
      dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    }).listThreads({ status: "all" });
  } finally {
    await store.close();
  }
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!hasTmux())(
  "a pull request's review in the real opencode: the agent addresses it, the person pushes (GitHub stand-in)",
  () => {
    it("'address the PR comments': review_list names alice on PR #7, the agent edits and claims both; the person's Send in the terminal posts both replies in their threads and resolves only the changed one", async () => {
      const plugin = await installPackedPlugin();
      const github = await startGitHubStandIn({
        owner: "octo",
        repo: "app",
        tokens: { [STAND_IN_TOKEN]: { login: "person", scopes: ["repo"] } },
      });
      const ids = { sum: "", name: "" };
      let absolute = "";
      // The model's side: each step answers the tool result before it, counted from the person's message.
      const script = (request: RecordedRequest): FakeTurn => {
        if (!request.lastUserText.includes("address the PR comments")) return { kind: "text", text: "Hi there." };
        const listed = request.toolResults[0]?.content ?? "";
        const idOf = (line: number) => new RegExp(`## (t_\\w+) · src/app\\.ts:${line} `).exec(listed)?.[1] ?? "";
        ids.sum ||= idOf(2);
        ids.name ||= idOf(7);
        const steps: FakeTurn[] = [
          { kind: "tools", calls: [{ name: "review_list", args: {} }] },
          { kind: "tools", calls: [{ name: "read", args: { filePath: absolute } }] },
          {
            kind: "tools",
            calls: [
              {
                name: "edit",
                args: {
                  filePath: absolute,
                  oldString: "  let sum = 0;\n  for (const x of xs) sum += x;\n  return sum;",
                  newString: FIXED,
                },
              },
            ],
          },
          {
            kind: "tools",
            calls: [{ name: "review_reply", args: { id: ids.sum, text: "It is a reduce now.", resolved: true } }],
          },
          {
            kind: "tools",
            calls: [
              {
                name: "review_reply",
                args: { id: ids.name, text: "The name stays: it is the package's.", resolved: true },
              },
            ],
          },
        ];
        return (
          steps[request.toolResults.length] ?? {
            kind: "text",
            text: "Both PR comments answered; the replies wait for you to push.",
          }
        );
      };
      const model = await startFakeModel(script);
      const { project, head } = forgeProject(model.url, plugin);
      absolute = join(project.dir, "src/app.ts");
      const pull = github.addPull({ number: 7, headRefName: "feature", headRefOid: head });
      const sum = github.addThread(pull, {
        login: "alice",
        body: "Use reduce here?",
        path: "src/app.ts",
        line: 2,
        commit: head,
      });
      const name = github.addThread(pull, {
        login: "alice",
        body: "Is this name right?",
        path: "src/app.ts",
        line: 7,
        commit: head,
      });
      github.reply(pull, name, "bob", "I would call it appName.");

      const screen = startTmux({
        name: "tui23-forge",
        cwd: project.dir,
        env: { ...project.env, ...forgeEnv(github) },
        command: [opencodeBinary()],
        width: 160,
        height: 48,
      });
      try {
        await screen.waitFor(home, 120_000);
        // The plugin pulls the pull request on start, before any session: nobody is rung, the threads wait.
        const pulled = await eventually(async () => {
          const threads = await storedThreads(project.dir);
          return threads.filter((t) => t.origin === "forge").length === 2 ? threads : undefined;
        }, "the plugin pulled PR #7's two threads");
        expect(pulled.map((t) => [t.forge?.threadId, t.messages.map((m) => m.login)])).toEqual(
          expect.arrayContaining([
            [sum.id, ["alice"]],
            [name.id, ["alice", "bob"]],
          ]),
        );

        screen.type("address the PR comments");
        screen.keys("Enter");
        const requests = await model.waitForConversation(6, 300_000);
        await screen.waitFor("Both PR comments answered", 120_000);
        screen.save("answered");
        // What the person reads before sending: the pull request's people by name, the agent's replies queued.
        screen.keys("C-x", "v");
        const before = await screen.waitFor(
          (s) => s.includes("Review · feature · 1 file") && s.includes("The name stays"),
          60_000,
        );
        screen.save("review-view");
        expect(before).toContain("alice: Use reduce here?");
        expect(before).toContain("alice: Is this name right?");
        expect(before).toContain("bob: I would call it appName.");
        expect(before).toContain("agent (queued for PR #7): It is a reduce now.");
        expect(before).toContain("claimed resolved · accepted");
        expect(before).toContain("agent (queued for PR #7): The name stays: it is the package's.");
        expect(before).toContain("claimed resolved · refused: the lines only moved");
        expect(before).not.toContain("you: ");

        // review_list: who said what on which pull request, and the code they said it on.
        const afterList = requests.find((r) => r.toolResults.length === 1)!;
        const listed = afterList.toolResults[0]!.content;
        expect(listed).toContain("alice on PR #7: Use reduce here?");
        expect(listed).toContain("alice on PR #7: Is this name right?");
        expect(listed).toContain("bob on PR #7: I would call it appName.");
        expect(listed).toContain("  let sum = 0;");
        expect(listed).toContain("export const name = 'app';");
        expect(ids.sum).toMatch(/^t_/);
        expect(ids.name).toMatch(/^t_/);
        expect(readFileSync(absolute, "utf8")).toContain(FIXED);

        // The checked resolve on forge threads: the changed lines hold the claim, the untouched ones do not.
        const afterFixed = requests.find((r) => r.toolResults.length === 4)!.toolResults[3]!.content;
        const afterRefused = requests.find((r) => r.toolResults.length === 5)!.toolResults[4]!.content;
        expect(afterFixed).toContain("It is queued for PR #7");
        expect(afterFixed).not.toContain("not resolved");
        expect(afterRefused).toMatch(/Replied, but not resolved:/);
        expect(afterRefused).toContain("It is queued for PR #7");
        // Nothing has gone to the forge yet: the replies go out under the person's name, when they send them.
        expect(sum.comments).toHaveLength(1);
        expect(name.comments).toHaveLength(2);
        expect(sum.isResolved).toBe(false);

        // The person pushes from the terminal half: f lists what goes where and under whose name, Enter asks, y posts.
        screen.keys("f");
        const sendList = await screen.waitFor(
          (s) => s.includes("Send list") && s.includes("2 replies wait to be posted"),
          30_000,
        );
        screen.save("send-list");
        expect(sendList).toContain("Replies are posted as @person.");
        expect(sendList).toContain('src/app.ts:2 · answers @alice: "Use reduce here?" · resolves the forge thread');
        // bob's line did not change: that reply goes without a resolve.
        const other = sendList.split("\n").find((l) => l.includes("answers @") && !l.includes("src/app.ts:2 "));
        expect(other).toMatch(/src\/app\.ts:\d · answers @/);
        expect(other).not.toContain("resolves");
        screen.keys("Enter");
        await screen.waitFor("Post 2 replies to pull request #7 as @person, resolving 1 thread there?", 15_000);
        screen.save("send-ask");
        expect(sum.comments).toHaveLength(1);
        screen.keys("y");
        const pushed = await screen.waitFor("Posted 2 replies to pull request #7, resolved 1 thread there.", 60_000);
        screen.save("sent");
        expect(pushed).toContain("Nothing waits to be posted (2 posted so far).");
        expect(pushed).toMatch(/src\/app\.ts:2 → https:\/\/github\.com\/octo\/app\/pull\/7#discussion_r\d+/);
        screen.keys("Escape");

        // The stand-in: each reply once, in its own thread, under the person's login; the one resolve.
        expect(sum.comments.map((c) => [c.login, c.body.split("\n")[0]])).toEqual([
          ["alice", "Use reduce here?"],
          ["person", "It is a reduce now."],
        ]);
        expect(name.comments.map((c) => [c.login, c.body.split("\n")[0]])).toEqual([
          ["alice", "Is this name right?"],
          ["bob", "I would call it appName."],
          ["person", "The name stays: it is the package's."],
        ]);
        expect(sum.comments[1]!.replyTo).toBe(sum.comments[0]!.databaseId);
        expect(name.comments[2]!.replyTo).toBe(name.comments[0]!.databaseId);
        expect([sum.isResolved, name.isResolved]).toEqual([true, false]);
        expect(sum.resolvedBy).toBe("person");
        expect(github.counters.log.filter((l) => l.endsWith("/replies"))).toHaveLength(2);
        expect(github.problems).toEqual([]);
        // The review view behind the list reads the replies as sent.
        const sent = await screen.waitFor(
          (s) => s.includes("agent: It is a reduce now.") && !s.includes("queued for PR #7"),
          60_000,
        );
        screen.save("review-view-pushed");
        expect(sent).toContain("agent: The name stays: it is the package's.");
        const after = await storedThreads(project.dir);
        expect(after.find((t) => t.id === ids.sum)).toMatchObject({ status: "resolved" });
        expect(after.find((t) => t.id === ids.name)?.status).not.toBe("resolved");
        expect(
          after
            .flatMap((t) => t.messages)
            .filter((m) => m.forge !== undefined)
            .map((m) => m.forge?.state),
        ).toEqual(["posted", "posted"]);
      } finally {
        screen.save("last");
        screen.kill();
        await model.close();
        await github.close();
        project.cleanup();
      }
    }, 600_000);
  },
);
