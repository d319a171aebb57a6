import { describe, expect, it } from "vitest";
import {
  agentNote,
  agentReply,
  deleteMessage,
  draftReply,
  draftThread,
  editMessage,
  humanReopen,
  humanRemarkElsewhere,
  humanResolve,
  markDelivered,
  markSeen,
  releaseReview,
  releaseThread,
  type ResolveVerdict,
  type ThreadState,
  type Transition,
} from "./thread-machine.js";
import { agentView, isWaiting, unreadByHuman } from "./thread-view.js";
import type { Message } from "./types.js";

const T0 = "2026-03-01T10:00:00.000Z";
const T1 = "2026-03-01T10:01:00.000Z";
const T2 = "2026-03-01T10:02:00.000Z";
const T3 = "2026-03-01T10:03:00.000Z";
const T4 = "2026-03-01T10:04:00.000Z";

type Row = ThreadState & { readonly id: string; readonly file: string };

function ok<T>(step: Transition<T>): T {
  if (!step.ok) throw new Error(`refused: ${step.code} ${step.reason}`);
  return step.next;
}

function msg(id: string, author: Message["author"], delivery: Message["delivery"], createdAt = T0): Message {
  return { id, author, body: `body of ${id}`, suggestion: null, createdAt, delivery };
}

function row(overrides: Partial<Row>): Row {
  return {
    id: "t1",
    file: "src/a.ts",
    status: "open",
    awaiting: "agent",
    origin: "human",
    resolvedAt: null,
    resolvedBy: null,
    seenAt: T0,
    messages: [msg("m1", "human", "sent")],
    updatedAt: T0,
    ...overrides,
  };
}

const draft = (): Row => ({ id: "t1", file: "src/a.ts", ...ok(draftThread({ id: "m1", body: "Why three?", at: T0 })) });
const open = (): Row =>
  row({ messages: [msg("m1", "human", "delivered"), msg("m2", "agent", "sent", T1)], awaiting: "human" });
const resolved = (): Row =>
  row({
    status: "resolved",
    awaiting: null,
    resolvedAt: T1,
    resolvedBy: "human",
    messages: [msg("m1", "human", "delivered")],
  });

describe("drafting", () => {
  it("a new thread is a draft nobody waits on, with one unsent human message", () => {
    const t = draft();
    expect(t).toMatchObject({ status: "draft", awaiting: null, origin: "human", resolvedAt: null, resolvedBy: null });
    expect(t.messages).toEqual([
      { id: "m1", author: "human", body: "Why three?", suggestion: null, createdAt: T0, delivery: "unsent" },
    ]);
  });

  it("keeps a suggestion as replacement lines", () => {
    const t = ok(draftThread({ id: "m1", body: "Use two.", suggestion: ["const b = 2;"], at: T0 }));
    expect(t.messages[0]?.suggestion).toEqual(["const b = 2;"]);
  });

  it.each([
    ["open", open()],
    ["resolved", resolved()],
    ["draft", draft()],
  ] as const)("a reply drafted on a %s thread changes nothing the agent could notice", (_, before) => {
    const after = ok(draftReply(before, { id: "m9", body: "Also this.", at: T2 }));
    expect(after.status).toBe(before.status);
    expect(after.awaiting).toBe(before.awaiting);
    expect(after.resolvedBy).toBe(before.resolvedBy);
    expect(after.messages.at(-1)).toMatchObject({ id: "m9", author: "human", delivery: "unsent" });
    expect(after.messages).toHaveLength(before.messages.length + 1);
  });
});

describe("release", () => {
  it.each([
    // [name, before, expected after]
    ["draft thread", draft(), { status: "open", awaiting: "agent", resolvedAt: null, resolvedBy: null }],
    [
      "reply on an open thread",
      ok(draftReply(open(), { id: "m9", body: "Not yet.", at: T2 })),
      { status: "open", awaiting: "agent", resolvedAt: null, resolvedBy: null },
    ],
    [
      "reply on a resolved thread reopens it",
      ok(draftReply(resolved(), { id: "m9", body: "Wait, no.", at: T2 })),
      { status: "open", awaiting: "agent", resolvedAt: null, resolvedBy: null },
    ],
  ] as const)("%s", (_, before, expected) => {
    const step = releaseThread(before, T3);
    expect(step.ok).toBe(true);
    if (!step.ok) return;
    expect(step.next).toMatchObject(expected);
    expect(step.next.messages.every((m) => m.delivery !== "unsent")).toBe(true);
    expect(step.effects).toContainEqual({ kind: "checkpoint" });
  });

  it("a released reply takes the release time and comes after what the agent wrote meanwhile", () => {
    const withDraft = ok(draftReply(open(), { id: "m9", body: "Not yet.", at: T2 }));
    // The agent answered while the reply was still a draft.
    const agentMeanwhile = ok(agentReply(withDraft, { id: "m10", body: "Done.", at: T3 }, "none"));
    const released = ok(releaseThread(agentMeanwhile, T4));
    expect(released.messages.map((m) => m.id)).toEqual(["m1", "m2", "m10", "m9"]);
    expect(released.messages.at(-1)).toMatchObject({ delivery: "sent", createdAt: T4 });
    expect(released.awaiting).toBe("agent");
  });

  it("refuses a thread with nothing to release", () => {
    expect(releaseThread(open(), T3)).toMatchObject({ ok: false, code: "conflict" });
  });

  it("releases the whole batch at once and lists messages and files", () => {
    const a = { ...draft(), id: "t1", file: "src/a.ts" };
    const b = { ...ok(draftReply(resolved(), { id: "m9", body: "Again.", at: T2 })), id: "t2", file: "src/b.ts" };
    const c = { ...open(), id: "t3", file: "src/a.ts" };
    const d = { ...ok(draftThread({ id: "m20", body: "And here.", at: T1 })), id: "t4", file: "src/a.ts" };
    const out = releaseReview([a, b, c, d], T3);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.threads.map((t) => t.id)).toEqual(["t1", "t2", "t4"]);
    expect(out.messageIds).toEqual(["m1", "m9", "m20"]);
    expect(out.files).toEqual(["src/a.ts", "src/b.ts"]);
    expect(out.threads.every((t) => t.status === "open" && t.awaiting === "agent")).toBe(true);
  });

  it("refuses an empty release", () => {
    expect(releaseReview([open()], T3)).toMatchObject({ ok: false, code: "conflict" });
  });
});

describe("agent reply", () => {
  it.each<[string, Row, ResolveVerdict, Partial<Row>]>([
    ["plain reply on an open thread", open(), "none", { status: "open", awaiting: "human", resolvedBy: null }],
    [
      "accepted resolve",
      open(),
      "accepted",
      { status: "resolved", awaiting: "human", resolvedBy: "agent", resolvedAt: T3 },
    ],
    [
      "refused resolve stays open",
      open(),
      "refused",
      { status: "open", awaiting: "human", resolvedBy: null, resolvedAt: null },
    ],
    [
      "reply on a thread the person resolved stays resolved",
      resolved(),
      "none",
      { status: "resolved", resolvedBy: "human", resolvedAt: T1 },
    ],
    [
      "resolve on a resolved thread keeps who resolved it",
      resolved(),
      "accepted",
      { status: "resolved", resolvedBy: "human", resolvedAt: T1 },
    ],
  ])("%s", (_, before, verdict, expected) => {
    const after = ok(agentReply(before, { id: "m5", body: "Changed to 2.", at: T3 }, verdict));
    expect(after).toMatchObject(expected);
    expect(after.messages.at(-1)).toMatchObject({ id: "m5", author: "agent", delivery: "sent", createdAt: T3 });
    expect(unreadByHuman(after.messages, after.seenAt)).toBe(true);
  });

  it.each([
    ["a draft thread", draft(), "conflict", /not released yet/],
    ["an unknown thread", undefined, "not_found", /review_list/],
    ["a missing thread", null, "not_found", /review_list/],
  ] as const)("refuses %s", (_, thread, code, reason) => {
    const step = agentReply(thread, { id: "m5", body: "Done.", at: T3 }, "accepted");
    expect(step).toMatchObject({ ok: false, code });
    if (!step.ok) expect(step.reason).toMatch(reason);
  });

  it.each([
    ["too long", "x".repeat(1001), "too_long", /1001 characters/],
    ["empty", "   ", "invalid_input", /empty/],
  ] as const)("refuses a body that is %s", (_, body, code, reason) => {
    const step = agentReply(open(), { id: "m5", body, at: T3 }, "none");
    expect(step).toMatchObject({ ok: false, code });
    if (!step.ok) expect(step.reason).toMatch(reason);
  });

  it("counts characters, not UTF-16 units: 1000 emoji fit", () => {
    expect(agentReply(open(), { id: "m5", body: "😀".repeat(1000), at: T3 }, "none").ok).toBe(true);
  });
});

describe("agent note", () => {
  it("opens a thread of the agent's, waiting on the person, unread, with a checkpoint", () => {
    const step = agentNote({ id: "m1", body: "Please check this retry loop.", at: T0 });
    expect(step.ok).toBe(true);
    if (!step.ok) return;
    expect(step.next).toMatchObject({ status: "open", awaiting: "human", origin: "agent", seenAt: null });
    expect(step.next.messages[0]).toMatchObject({ author: "agent", delivery: "sent" });
    expect(unreadByHuman(step.next.messages, step.next.seenAt)).toBe(true);
    expect(step.effects).toEqual([{ kind: "checkpoint" }]);
  });
});

describe("human resolve and reopen", () => {
  it("resolve: resolved by the person, nobody's turn", () => {
    const after = ok(humanResolve(open(), { at: T3 }));
    expect(after).toMatchObject({ status: "resolved", awaiting: null, resolvedBy: "human", resolvedAt: T3 });
  });

  it("resolve with a remark sends the remark at once", () => {
    const after = ok(humanResolve(open(), { at: T3, message: { id: "m7", body: "Thanks.", at: T3 } }));
    expect(after.messages.at(-1)).toMatchObject({ id: "m7", author: "human", delivery: "sent" });
  });

  it("a remark made elsewhere (a forge comment) is sent as written, the agent's turn on an open thread, a new checkpoint", () => {
    const long = "x".repeat(5000);
    const step = humanRemarkElsewhere({ ...open(), awaiting: "human" }, { id: "m8", body: long, at: T2 }, T3);
    expect(step.ok).toBe(true);
    if (!step.ok) return;
    expect(step.next).toMatchObject({ status: "open", awaiting: "agent", updatedAt: T3 });
    expect(step.next.messages.at(-1)).toMatchObject({ id: "m8", body: long, delivery: "sent", createdAt: T2 });
    expect(step.effects).toEqual([{ kind: "checkpoint" }]);
    // A resolved thread keeps the words and stays resolved: a reopen is its own event.
    expect(ok(humanRemarkElsewhere(resolved(), { id: "m9", body: "Nice.", at: T2 }, T3))).toMatchObject({
      status: "resolved",
    });
    expect(humanRemarkElsewhere(draft(), { id: "m9", body: "Hm.", at: T2 }, T3).ok).toBe(false);
  });

  it("reopen: open, the agent's turn, resolution cleared, a new checkpoint", () => {
    const step = humanReopen(resolved(), { at: T3 });
    expect(step.ok).toBe(true);
    if (!step.ok) return;
    expect(step.next).toMatchObject({ status: "open", awaiting: "agent", resolvedAt: null, resolvedBy: null });
    expect(step.effects).toEqual([{ kind: "checkpoint" }]);
  });

  it.each([
    ["resolve a resolved thread", () => humanResolve(resolved(), { at: T3 }), /already resolved/],
    ["resolve a draft", () => humanResolve(draft(), { at: T3 }), /draft/],
    ["reopen an open thread", () => humanReopen(open(), { at: T3 }), /already open/],
    ["reopen a draft", () => humanReopen(draft(), { at: T3 }), /not released/],
  ] as const)("refuses to %s", (_, run, reason) => {
    const step = run();
    expect(step).toMatchObject({ ok: false, code: "conflict" });
    if (!step.ok) expect(step.reason).toMatch(reason);
  });

  it("refuses a remark over the limit and leaves the thread open", () => {
    const step = humanResolve(open(), { at: T3, message: { id: "m7", body: "y".repeat(1200), at: T3 } });
    expect(step).toMatchObject({ ok: false, code: "too_long" });
  });
});

describe("seen and unread", () => {
  it("seen clears unread; a later agent message makes it unread again", () => {
    const replied = ok(agentReply(open(), { id: "m5", body: "Done.", at: T2 }, "none"));
    expect(unreadByHuman(replied.messages, T1)).toBe(true);
    const seen = ok(markSeen(replied, T3));
    expect(unreadByHuman(seen.messages, seen.seenAt)).toBe(false);
    const again = ok(agentReply(seen, { id: "m6", body: "One more.", at: T4 }, "none"));
    expect(unreadByHuman(again.messages, again.seenAt)).toBe(true);
  });

  it("an older look does not move seenAt back", () => {
    expect(ok(markSeen(row({ seenAt: T3 }), T1)).seenAt).toBe(T3);
  });

  it("compares times, not text: an offset time after seenAt is unread", () => {
    // 11:30+01:00 is 10:30Z, later than 10:04Z although it sorts earlier as text.
    const messages = [msg("m5", "agent", "sent", "2026-03-01T11:30:00+01:00")];
    expect(unreadByHuman(messages, T4)).toBe(true);
    expect(unreadByHuman(messages, "2026-03-01T10:31:00.000Z")).toBe(false);
  });

  it("human messages never count as unread", () => {
    expect(unreadByHuman([msg("m1", "human", "sent", T4)], null)).toBe(false);
  });
});

describe("editing and deleting", () => {
  it("edits a draft's body and suggestion", () => {
    const after = ok(editMessage(draft(), "m1", { body: "Use two.", suggestion: ["const b = 2;"], at: T1 }));
    expect(after.messages[0]).toMatchObject({ body: "Use two.", suggestion: ["const b = 2;"], delivery: "unsent" });
  });

  it("removes a suggestion with null and keeps it when absent", () => {
    const withSuggestion = ok(draftThread({ id: "m1", body: "x", suggestion: ["a"], at: T0 }));
    expect(ok(editMessage(withSuggestion, "m1", { body: "y", at: T1 })).messages[0]?.suggestion).toEqual(["a"]);
    expect(ok(editMessage(withSuggestion, "m1", { suggestion: null, at: T1 })).messages[0]?.suggestion).toBeNull();
  });

  it.each([
    ["edit a released message", () => editMessage(open(), "m1", { body: "x", at: T3 }), "conflict"],
    ["delete a released message", () => deleteMessage(open(), "m1", T3), "conflict"],
    ["edit an unknown message", () => editMessage(draft(), "nope", { body: "x", at: T3 }), "not_found"],
    ["delete an unknown message", () => deleteMessage(draft(), "nope", T3), "not_found"],
    ["edit a draft to an empty body", () => editMessage(draft(), "m1", { body: "", at: T3 }), "invalid_input"],
  ] as const)("refuses to %s", (_, run, code) => {
    expect(run()).toMatchObject({ ok: false, code });
  });

  it("deleting the only message of a draft thread deletes the thread", () => {
    const step = deleteMessage(draft(), "m1", T1);
    expect(step).toEqual({ ok: true, next: null, effects: [{ kind: "thread_deleted" }] });
  });

  it("deleting a draft reply keeps the released thread", () => {
    const withReply = ok(draftReply(open(), { id: "m9", body: "Hmm.", at: T2 }));
    const after = ok(deleteMessage(withReply, "m9", T3));
    expect(after?.messages.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(after?.status).toBe("open");
  });
});

describe("delivery and what the agent sees", () => {
  it("marks every sent human message delivered, and nothing else", () => {
    const t = row({
      messages: [
        msg("m1", "human", "sent"),
        msg("m2", "agent", "sent"),
        msg("m3", "human", "delivered"),
        msg("m4", "human", "sent"),
        msg("m5", "human", "unsent"),
      ],
    });
    const step = markDelivered(t);
    expect(step.ok).toBe(true);
    if (!step.ok) return;
    expect(step.next.messages.map((m) => m.delivery)).toEqual([
      "delivered",
      "sent",
      "delivered",
      "delivered",
      "unsent",
    ]);
    expect(step.effects).toEqual([{ kind: "delivered", messageIds: ["m1", "m4"] }]);
  });

  it("delivering twice reports nothing new", () => {
    const once = ok(markDelivered(row({})));
    expect(markDelivered(once)).toEqual({ ok: true, next: once, effects: [] });
  });

  it("the agent never sees a draft thread nor a draft reply", () => {
    expect(agentView(draft())).toBeNull();
    const withReply = ok(draftReply(open(), { id: "m9", body: "Secret draft.", at: T2 }));
    expect(agentView(withReply)?.messages.map((m) => m.id)).toEqual(["m1", "m2"]);
  });

  it.each([
    [{ status: "open", awaiting: "agent" }, true, true],
    [{ status: "open", awaiting: "human" }, false, true],
    [{ status: "resolved", awaiting: null }, false, false],
    [{ status: "resolved", awaiting: "human" }, false, false],
    [{ status: "draft", awaiting: null }, false, false],
  ] as const)("isWaiting(%o): agent %s, human %s", (thread, forAgent, forHuman) => {
    expect(isWaiting(thread, "agent")).toBe(forAgent);
    expect(isWaiting(thread, "human")).toBe(forHuman);
  });
});
