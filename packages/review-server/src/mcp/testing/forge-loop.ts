import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { buildCli, runCliToEnd } from "../../cli/testing/cli-process.js";
import { makeGitHubFixture, STAND_IN_TOKEN, type GitHubFixture } from "../../forge/testing/github-fixture.js";
import type { StandInThread } from "../../forge/testing/github-stand-in.js";

/** The lines under alice's first thread, and what the agent makes of them. */
export const LOOP = "  let sum = 0;\n  for (const x of xs) sum += x;\n  return sum;\n";
export const REDUCE = "  return xs.reduce((a, b) => a + b, 0);\n";

/** A pull request (#7 on the GitHub stand-in) with two threads by alice, and what the MCP server needs to reach it. */
export interface ForgeLoop {
  readonly f: GitHubFixture;
  /** On src/app.ts 2-4, the loop the agent replaces. */
  readonly edited: StandInThread;
  /** On src/app.ts 7, a line the agent leaves as it was. */
  readonly untouched: StandInThread;
  /** The token and API bases, as the person exports them in the shell the client starts from. */
  readonly serverEnv: Record<string, string>;
}

/**
 * The repository on branch `feature` (its upstream remote github.com/octo/app, the API bases at the stand-in)
 * and pull request #7 with alice's two threads.
 * @example const loop = await makeForgeLoop(); config.env = loop.serverEnv;
 */
export async function makeForgeLoop(): Promise<ForgeLoop> {
  const f = await makeGitHubFixture();
  const edited = f.github.addThread(f.pull, {
    login: "alice",
    body: "Use reduce instead of the loop.",
    path: "src/app.ts",
    line: 4,
    startLine: 2,
    commit: f.head,
  });
  const untouched = f.github.addThread(f.pull, {
    login: "alice",
    body: "Is 'app' the right name?",
    path: "src/app.ts",
    line: 7,
    commit: f.head,
  });
  return {
    f,
    edited,
    untouched,
    serverEnv: { GH_TOKEN: STAND_IN_TOKEN, GITHUB_API_URL: f.github.url, GITHUB_GRAPHQL_URL: f.github.graphqlUrl },
  };
}

/** What a client's forge loop test runs on, set up before its tests and removed after them. */
export interface ForgeLoopPlaces {
  loop: ForgeLoop;
  /** The client's isolated home. */
  home: string;
  /** The scripted model, closed after the tests. */
  model?: { close(): Promise<void> };
}

/**
 * Registers the suite's set-up (the built CLI, the pull request, an isolated home) and its removal.
 * @example const places = forgeLoopPlaces("claude"); it("...", async () => { const repo = places.loop.f.repo.dir; });
 */
export function forgeLoopPlaces(client: string): ForgeLoopPlaces {
  const places = {} as ForgeLoopPlaces;
  beforeAll(async () => {
    await buildCli();
    places.loop = await makeForgeLoop();
    places.home = await mkdtemp(join(tmpdir(), `opencode-review-${client}-forge-`));
  }, 180_000);
  afterAll(async () => {
    await places.model?.close();
    await places.loop?.f.close();
    if (places.home) await rm(places.home, { recursive: true, force: true });
  });
  return places;
}

/** What review_list answered, as a client hands it to the model (structuredContent: the prose first, then the metadata). */
export interface ListedResult {
  readonly prose: string;
  readonly threads: readonly { readonly id: string; readonly start: number }[];
}

/**
 * The local ids of alice's two threads in a review_list result, for the model's replies.
 * @example const ids = aliceThreadIds(listed); call("review_reply", { id: ids.edited, ... })
 */
export function aliceThreadIds(listed: ListedResult): { edited: string; untouched: string } {
  return {
    edited: listed.threads.find((t) => t.start === 2)!.id,
    untouched: listed.threads.find((t) => t.start === 7)!.id,
  };
}

/**
 * What the model read from review_list: alice's two threads, who said what and where, as the prose writes it.
 * @example expectAliceListed(listed);
 */
export function expectAliceListed(listed: ListedResult): void {
  const { edited, untouched } = aliceThreadIds(listed);
  expect(listed.prose).toMatch(/^2 threads: 2 waiting for you\./);
  expect(listed.prose).toContain(`## ${edited} · src/app.ts:2-4 · `);
  expect(listed.prose).toContain(`## ${untouched} · src/app.ts:7 · `);
  expect(listed.prose).toContain("Opened by alice on PR #7.");
  expect(listed.prose).toContain("alice on PR #7: Use reduce instead of the loop.");
  expect(listed.prose).toContain("alice on PR #7: Is 'app' the right name?");
}

/**
 * The person runs `opencode-review pr push` (the real CLI) twice: GitHub then holds each reply once in its
 * thread, and only the thread whose claim was accepted is resolved.
 * @example await expectPushedOnce(loop, { edited: "Now a reduce.", untouched: "Renamed it." });
 */
export async function expectPushedOnce(
  loop: ForgeLoop,
  replies: { readonly edited: string; readonly untouched: string },
): Promise<void> {
  const { f, edited, untouched, serverEnv } = loop;
  // Queued, not sent: nothing reached GitHub before the person pushed.
  expect([edited.comments.length, untouched.comments.length]).toEqual([1, 1]);
  const env = { ...process.env, ...serverEnv };
  const pushed = await runCliToEnd(["pr", "push"], { cwd: f.repo.dir, env });
  expect(pushed).toMatchObject({ code: 0, stderr: "" });
  expect(pushed.stdout.trim()).toBe("PR #7: posted 2 replies, resolved 1 thread (https://github.com/octo/app/pull/7)");
  // Each reply carries its hidden marker (how a lost response is found again), after the words.
  const said = (thread: StandInThread) =>
    thread.comments.map((c) => [c.login, c.body.replace(/\n\n<!-- opencode-review:m_\w+ -->$/, "")]);
  expect(said(edited)).toEqual([
    ["alice", "Use reduce instead of the loop."],
    ["person", replies.edited],
  ]);
  expect(said(untouched)).toEqual([
    ["alice", "Is 'app' the right name?"],
    ["person", replies.untouched],
  ]);
  expect(edited.comments[1]!.replyTo).toBe(edited.comments[0]!.databaseId);
  expect(untouched.comments[1]!.replyTo).toBe(untouched.comments[0]!.databaseId);
  expect([edited.isResolved, untouched.isResolved]).toEqual([true, false]);
  // A second push sends nothing again.
  expect((await runCliToEnd(["pr", "push"], { cwd: f.repo.dir, env })).code).toBe(0);
  expect([edited.comments.length, untouched.comments.length]).toEqual([2, 2]);
  expect(f.github.problems).toEqual([]);
}
