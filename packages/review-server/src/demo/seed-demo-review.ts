import { join } from "node:path";
import type { Thread } from "@opencode-review/core";
import type { AgentOperations, ReleaseOperations, RoundOperations, ThreadOperations } from "../service/index.js";
import { layDemoRound } from "./lay-demo-round.js";

/** The demo's threads by what they show, so tests and the printed summary can name them. */
export interface DemoThreads {
  /** a: the agent fixed it and its resolve was accepted. */
  readonly resolved: Thread;
  /** b: the commented line is gone; the agent answered without resolving. */
  readonly outdated: Thread;
  /** c: the code moved, unchanged; the agent's resolve was refused. */
  readonly refused: Thread;
  /** d: a comment with a suggestion, waiting on the agent. */
  readonly suggestion: Thread;
  /** e: a comment on a deleted line, answered by the agent. */
  readonly deletedLine: Thread;
  /** f: a comment on the whole file, waiting on the agent. */
  readonly wholeFile: Thread;
  /** g: the agent's own note, waiting on the person. */
  readonly agentNote: Thread;
  /** h: the person's draft, not released. */
  readonly draft: Thread;
}

/**
 * Plays a review on the demo repository through the service, the way a person and an agent would:
 * round 1 is laid over the base and reviewed, the review released (delivered to the scripted agent, which reads it); round 2 (the agent's answer) is laid
 * over, and the agent replies, resolves (once accepted, once refused) and leaves a note; one draft is left.
 * @example const threads = await seedDemoReview(service, repoDir, findDemoRepoFolder()); threads.refused.anchor.state // "moved"
 */
export async function seedDemoReview(
  service: RoundOperations & ThreadOperations & AgentOperations & ReleaseOperations,
  workTree: string,
  demoFolder: string,
): Promise<DemoThreads> {
  // Round 1: the agent's first change, and the person's review of it.
  await layDemoRound(join(demoFolder, "round1"), workTree);
  const round1 = await service.takeRound();
  const on = { roundId: round1.id };
  const a = await service.draftThread({
    ...on,
    file: "src/validate.ts",
    start: 18,
    end: 19,
    body: "page=abc gives NaN and page=0 an empty page; reject those.",
  });
  const b = await service.draftThread({
    ...on,
    file: "src/store.ts",
    start: 27,
    end: 27,
    body: "Why sort? The Map keeps insertion order.",
  });
  const c = await service.draftThread({
    ...on,
    file: "src/store.ts",
    start: 31,
    end: 33,
    body: "Should removing an unknown id be an error for the API?",
  });
  const d = await service.draftThread({
    ...on,
    file: "src/render.ts",
    start: 11,
    end: 11,
    body: "Shorter, like the other pagers: page 2/5.",
    suggestion: ["  lines.push(`page ${page.page}/${page.pages}`);"],
  });
  const e = await service.draftThread({
    ...on,
    file: "src/server.ts",
    side: "old",
    start: 9,
    end: 9,
    body: "Good: matching on pathname fixes ?page= URLs.",
  });
  const f = await service.draftThread({
    ...on,
    file: "src/paginate.ts",
    start: null,
    end: null,
    body: "Please add tests for paginate (empty list, last page).",
  });
  await service.release({});

  // Round 2: the agent reads the review (review_list: every comment delivered), then answers it.
  await service.agentList({});
  await layDemoRound(join(demoFolder, "round2"), workTree);
  await service.takeRound();
  await service.agentReply({
    id: a.id,
    text: "Done: validatePage now rejects anything but a whole number from 1.",
    resolved: true,
  });
  await service.agentReply({ id: b.id, text: "You are right; I removed the sort and said why in a comment." });
  await service.agentReply({
    id: c.id,
    text: "It returns false for an unknown id; the API can answer 404 from that.",
    resolved: true,
  });
  await service.agentReply({ id: e.id, text: "Thanks" });
  const g = await service.agentNote({
    file: "src/paginate.ts",
    line: 9,
    text: "A page past the end returns an empty list; tell me if you would rather clamp it.",
  });
  const h = await service.draftThread({
    file: "src/server.ts",
    start: 22,
    end: 23,
    body: "Nit: the 404 body could be JSON.",
  });

  // Read everything back as the person sees it now, so each thread carries its final state.
  const all = await service.listThreads({ status: "all" });
  const now = (thread: Thread): Thread => all.find((t) => t.id === thread.id) ?? thread;
  return {
    resolved: now(a),
    outdated: now(b),
    refused: now(c),
    suggestion: now(d),
    deletedLine: now(e),
    wholeFile: now(f),
    agentNote: now(g),
    draft: now(h),
  };
}
