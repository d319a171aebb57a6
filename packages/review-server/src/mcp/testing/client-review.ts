import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { makeTempRepository, type TempRepository } from "../../git/testing/temp-repository.js";
import { createReviewService, type ReviewService } from "../../service/index.js";
import { systemClock } from "../../service/clock.js";
import { openStore } from "../../store/index.js";
import { panelApi } from "../../testing/panel-link.js";
import { runCliToEnd } from "../../cli/testing/cli-process.js";

// The review both real-client tests (Claude Code, Codex) run through: the same repository, the same two
// comments released by the person, the same answers expected of the agent. What differs between the
// clients (their model protocol, their set-up files, their own edit tool) stays in each test.

export const APP = [
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
].join("\n");
const OTHER = ["export const name = 'demo';", "export const size = 2;", ""].join("\n");
/** The loop under the first comment, as the agent's earlier change left it. */
export const LOOP = "  let sum = 0; // start\n  for (const x of xs) sum += x;\n  return sum;\n";
/** src/app.ts once the agent took the first comment. */
export const FIXED_APP = [
  "export function total(xs: number[]) {",
  "  return xs.reduce((a, b) => a + b, 0);",
  "}",
  "",
].join("\n");

/** What the Stop hook tells the model after the person released the two comments. */
export const RELEASE_NOTICE =
  "The reviewer released 2 comments on src/app.ts, src/other.ts. Call review_list to read them, fix the code, then review_reply to each.";
/** What the prompt hook puts before the next prompt while the refused thread waits. */
export const WAITING_LINE = "Code review: 1 thread waits for you in src/other.ts (call review_list).";

/** The two threads the person opened: one on the lines the agent then edits, one on lines it leaves. */
export interface ReleasedThreads {
  edited?: string;
  untouched?: string;
}

/** The repository under review and the client's home folder; `remove` deletes both. */
export interface ClientReview {
  readonly repo: TempRepository;
  readonly home: string;
  remove(): Promise<void>;
}

/**
 * A repository with a base commit and the agent's earlier change on it (so there is a diff to review), and
 * an empty home folder for the client.
 * @example const review = await makeClientReview("claude"); ...; await review.remove();
 */
export async function makeClientReview(client: string): Promise<ClientReview> {
  const repo = await makeTempRepository();
  await repo.write("src/app.ts", APP);
  await repo.write("src/other.ts", OTHER);
  await repo.commitAll("base");
  await repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 0; // start\n"));
  await repo.write("src/other.ts", OTHER.replace("size = 2", "size = 3"));
  const home = await mkdtemp(join(tmpdir(), `opencode-review-${client}-home-`));
  return {
    repo,
    home,
    remove: async () => {
      await repo.remove();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** The person, on the panel the running MCP server serves. */
export async function api(panelUrl: string, path: string, body?: unknown): Promise<any> {
  return (await panelApi(panelUrl).call(body === undefined ? "GET" : "POST", path.replace(/^\/api/, ""), body)).json;
}

/**
 * The person reviews while the agent works, on the panel of the client's MCP server (found as the person
 * finds it, with opencode-review url): two comments, then a release. Writes the threads' ids into `threads`.
 * @example const panelUrl = await personReleasesTwo(repo.dir, threads);
 */
export async function personReleasesTwo(dir: string, threads: ReleasedThreads): Promise<string> {
  const panelUrl = (await runCliToEnd(["url", "--repo", dir])).stdout.trim().split("\n")[0]!;
  const edited = await api(panelUrl, "/api/threads", {
    file: "src/app.ts",
    start: 2,
    end: 4,
    body: "Use reduce instead of the loop.",
  });
  const untouched = await api(panelUrl, "/api/threads", { file: "src/other.ts", start: 2, end: 2, body: "Why 3?" });
  threads.edited = edited.thread.id;
  threads.untouched = untouched.thread.id;
  await api(panelUrl, "/api/review/release", {});
  return panelUrl;
}

/**
 * The review_list answer as the model read it: both clients hand it the tool's structuredContent as JSON
 * and drop the text, so the prose must come first in it, under `prose`, before the metadata.
 */
export function expectListedTwo(listed: { prose: string }, threads: ReleasedThreads): void {
  expect(Object.keys(listed)[0]).toBe("prose");
  expect(listed.prose).toMatch(/^2 threads in 2 files: 2 waiting for you\./);
  expect(listed.prose).toContain(`## ${threads.edited} · src/app.ts:2-4 · `);
  expect(listed.prose).toContain("reviewer: Use reduce instead of the loop.");
  expect(listed.prose).toContain(`## ${threads.untouched} · src/other.ts:2 · `);
  expect(listed.prose).toContain("reviewer: Why 3?");
}

/** The untouched thread's resolve was refused and the model told why; the edited one's was accepted. */
export function expectRefusedThenAccepted(refused: string, accepted: string): void {
  expect(refused).toMatch(/"refusal":"Replied, but not resolved: /);
  expect(refused).toContain('"resolved":false');
  expect(accepted).toContain('"resolved":true');
  expect(accepted).not.toContain('"refusal"');
}

/**
 * Works on the repository's store as another panel of the person would, through its own service.
 * @example await onTheStore(repo.dir, (service) => service.listThreads({ status: "all" }));
 */
export async function onTheStore<T>(dir: string, work: (service: ReviewService) => Promise<T>): Promise<T> {
  const store = await openStore({ path: join(dir, ".git", "opencode-review", "review.sqlite") });
  try {
    const service = createReviewService({
      now: systemClock,
      dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    return await work(service);
  } finally {
    await store.close();
  }
}

/** What the person sees afterwards: the edited thread resolved by the agent, the untouched one back with them. */
export async function expectVerdictsStored(dir: string, threads: ReleasedThreads) {
  return onTheStore(dir, async (service) => {
    const all = await service.listThreads({ status: "all" });
    expect(all.find((t) => t.id === threads.edited)).toMatchObject({ status: "resolved", resolvedBy: "agent" });
    expect(all.find((t) => t.id === threads.untouched)).toMatchObject({ status: "open", awaiting: "human" });
    return all;
  });
}

/** The person answers the refused thread from another panel on the same store, and releases. */
export async function personAnswersRefused(dir: string): Promise<void> {
  await onTheStore(dir, async (service) => {
    const untouched = (await service.listThreads({ status: "waiting" })).find((t) => t.file === "src/other.ts")!.id;
    await service.draftReply(untouched, { body: "It is not fixed: size is still 3." });
    await service.release({});
  });
}
