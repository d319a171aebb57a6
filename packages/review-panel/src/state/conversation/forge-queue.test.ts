// The forge slice both panels draw, without a renderer: what it lists, that Send waits for the asked
// question, what it says after a send or a refusal, and that the queue is read again after either.
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import {
  answersLine,
  createForgeQueue,
  sendQuestion,
  type ForgePushOutcome,
  type ForgeQueueSource,
  type ForgeQueueStatus,
  type ForgeWaitingReply,
} from "./forge-queue.js";

const reply: ForgeWaitingReply = {
  messageId: "m_1",
  threadId: "t_1",
  file: "src/app.ts",
  line: 2,
  body: "Done.",
  state: "queued",
  sending: false,
  error: null,
  resolves: true,
  to: "alice",
  answers: {
    login: "alice",
    body: "Start from the first item?\nAnd name it.",
    url: "https://github.com/o/r/pull/7#discussion_r1",
  },
};
const pull = {
  kind: "github",
  host: "github.com",
  repository: "o/r",
  number: 7,
  url: "https://github.com/o/r/pull/7",
  pulledAt: null,
  threads: 1,
  comments: 1,
  login: "person",
  canResolve: true,
} as const;

/** A source over a status the test changes, recording each push. */
function source(push: () => Promise<ForgePushOutcome>) {
  let status: ForgeQueueStatus = { pull, waiting: [reply], posted: 0 };
  const pushes: number[] = [];
  const src: ForgeQueueSource = {
    forgeStatus: async () => ({ ok: true, value: status }),
    pullForge: async () => ({
      ok: true,
      value: {
        pull: {
          pr: 7,
          url: pull.url,
          unchanged: true,
          newThreads: 0,
          newComments: 0,
          resolved: 0,
          reopened: 0,
          files: [],
          withoutCommit: 0,
          skipped: [],
        },
      },
    }),
    // A push that throws stands for the forge's refusal, answered as every port call answers one: an Outcome.
    pushForge: async () => {
      pushes.push(pushes.length + 1);
      try {
        return { ok: true, value: { push: await push() } };
      } catch (error) {
        return { ok: false, error: { status: 424, code: "forge_auth", message: (error as Error).message } };
      }
    },
  };
  return { src, pushes, set: (next: ForgeQueueStatus) => void (status = next) };
}

describe("the forge queue slice", () => {
  it("lists the queued reply; Send posts only once asked, then says what was posted with links and reads the queue again", () =>
    createRoot(async (dispose) => {
      const s = source(async () => {
        s.set({ pull, waiting: [], posted: 1 });
        return {
          pr: 7,
          url: pull.url,
          posted: 1,
          found: 0,
          resolved: 1,
          unresolvable: 0,
          failed: [],
          sent: [{ messageId: "m_1", url: "https://github.com/o/r/pull/7#discussion_r2" }],
        };
      });
      const queue = createForgeQueue(s.src);
      await queue.load();
      expect(queue.pullRequest()?.number).toBe(7);
      expect(queue.waiting()).toHaveLength(1);
      expect(answersLine(queue.waiting()[0]!)).toBe('answers @alice: "Start from the first item?"');
      expect(sendQuestion(queue.status()!)).toBe(
        "Post 1 reply to pull request #7 as @person, resolving 1 thread there?",
      );

      expect(queue.asking()).toBe(false);
      expect(queue.ask()).toBe(true);
      expect(queue.asking()).toBe(true);
      queue.cancel();
      expect(queue.asking()).toBe(false);
      expect(s.pushes).toEqual([]);

      queue.ask();
      const note = await queue.send();
      expect(s.pushes).toEqual([1]);
      expect(note).toEqual({
        kind: "sent",
        text: "Posted 1 reply to pull request #7, resolved 1 thread there.",
        sent: [{ place: "src/app.ts:2", url: "https://github.com/o/r/pull/7#discussion_r2" }],
      });
      expect(queue.waiting()).toEqual([]);
      expect(queue.status()?.posted).toBe(1);
      // Nothing waits: Send does not ask again.
      expect(queue.ask()).toBe(false);
      dispose();
    }));

  it("a refused send is one line with what to do, and the queue stays", () =>
    createRoot(async (dispose) => {
      const s = source(async () => {
        throw new Error(
          "github.com refused the token (401): it is wrong, expired or revoked; set a new one in GH_TOKEN, or run gh auth login again.",
        );
      });
      const queue = createForgeQueue(s.src);
      await queue.load();
      queue.ask();
      const note = await queue.send();
      expect(note).toEqual({
        kind: "failed",
        text: "Send failed: github.com refused the token (401): it is wrong, expired or revoked; set a new one in GH_TOKEN, or run gh auth login again. (1 reply stays queued: Send again once that is fixed.)",
      });
      expect(queue.waiting()).toHaveLength(1);
      expect(queue.busy()).toBeNull();
      dispose();
    }));

  it("follows what another process wrote when asked to load again; no pull request, nothing to send", () =>
    createRoot(async (dispose) => {
      const s = source(async () => ({
        pr: 7,
        url: pull.url,
        posted: 0,
        found: 0,
        resolved: 0,
        unresolvable: 0,
        failed: [],
        sent: [],
      }));
      s.set({ pull: null, waiting: [], posted: 0 });
      const queue = createForgeQueue(s.src);
      await queue.load();
      expect(queue.pullRequest()).toBeNull();
      expect(queue.ask()).toBe(false);
      s.set({ pull, waiting: [reply, { ...reply, messageId: "m_2", line: null, resolves: false }], posted: 3 });
      await queue.load();
      expect(queue.waiting().map((w) => w.messageId)).toEqual(["m_1", "m_2"]);
      expect(sendQuestion(queue.status()!)).toBe(
        "Post 2 replies to pull request #7 as @person, resolving 1 thread there?",
      );
      expect((await queue.pull())?.text).toBe("Pull request #7: nothing new on the forge.");
      dispose();
    }));
});
