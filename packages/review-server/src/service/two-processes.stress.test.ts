import { afterEach, expect, test } from "vitest";
import { makeServiceFixture, type ServiceFixture } from "./testing/service-fixture.js";
import { startServiceProcess, type ServiceProcess } from "./testing/service-process.js";

// Two OS processes on one repository and one SQLite file, as when two opencode windows (each with the
// plugin) and a standalone panel serve the same repository: the agent answering threads in one, the person
// drafting replies and releasing them in batches in the other, on the very same threads at once.

const LINES = Array.from({ length: 40 }, (_, i) => `export const v${i + 1} = ${i + 1};`).join("\n") + "\n";
const THREADS = 6;
const AGENT_REPLIES = 60;
const HUMAN_ROUNDS = 8;

let fixture: ServiceFixture | undefined;
const children: ServiceProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.child.kill("SIGKILL");
  await fixture?.close();
  fixture = undefined;
});

test("agent replies and human batches written at once by two processes: nothing lost, every release whole", async () => {
  const f = (fixture = await makeServiceFixture({ "src/values.ts": LINES }));
  await f.repo.write("src/values.ts", LINES.replace("v20 = 20", "v20 = 21"));
  const ids: string[] = [];
  for (let i = 0; i < THREADS; i++) {
    ids.push(
      (await f.service.draftThread({ file: "src/values.ts", start: 5 * i + 1, end: 5 * i + 3, body: `first ${i}` })).id,
    );
  }
  await f.service.release({});

  const agent = startServiceProcess(["agent", f.repo.dir, f.store.path, String(AGENT_REPLIES), ...ids]);
  const human = startServiceProcess(["human", f.repo.dir, f.store.path, String(HUMAN_ROUNDS), ...ids]);
  children.push(agent, human);
  await Promise.all([agent.waitFor("ready"), human.waitFor("ready")]);
  agent.go();
  human.go();
  const [agentEnd, humanEnd] = await Promise.all([agent.exited, human.exited]);
  expect(agentEnd.stderr).toBe("");
  expect(humanEnd.stderr).toBe("");
  expect([agentEnd.code, humanEnd.code]).toEqual([0, 0]);

  const messages = await f.store.db.selectFrom("messages").selectAll().execute();
  // Every agent reply is there exactly once.
  const agentBodies = messages.filter((m) => m.author === "agent").map((m) => m.body);
  expect(agentBodies.sort()).toEqual(Array.from({ length: AGENT_REPLIES }, (_, i) => `agent ${i}`).sort());
  // Every human reply is there exactly once, and none is left a draft.
  const humanReplies = messages.filter((m) => m.author === "human" && m.body.startsWith("human "));
  const expected = Array.from({ length: HUMAN_ROUNDS }, (_, r) => ids.map((id) => `human ${r} ${id}`)).flat();
  expect(humanReplies.map((m) => m.body).sort()).toEqual(expected.sort());
  expect(humanReplies.filter((m) => m.delivery === "unsent")).toEqual([]);
  expect(messages).toHaveLength(THREADS + AGENT_REPLIES + HUMAN_ROUNDS * THREADS);

  // Each release took exactly the batch drafted just before it: all of that round's replies, nothing else.
  const releases = human.lines.filter((l) => l.startsWith("released ")).map((l) => l.split(" "));
  expect(releases).toHaveLength(HUMAN_ROUNDS);
  releases.forEach(([, reviewId, count], r) => {
    expect(Number(count)).toBe(THREADS);
    const inReview = messages.filter((m) => m.review_id === reviewId).map((m) => m.body);
    expect(inReview.sort()).toEqual(ids.map((id) => `human ${r} ${id}`).sort());
  });

  // The person's view agrees: every thread open, with its whole conversation.
  const threads = await f.service.listThreads({ status: "all" });
  expect(threads.map((t) => t.status)).toEqual(Array(THREADS).fill("open"));
  expect(threads.reduce((n, t) => n + t.messages.length, 0)).toBe(messages.length);
  expect((await f.service.pendingReview()).drafts).toEqual({ threads: [], messages: [] });
}, 240_000);
