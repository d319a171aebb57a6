// The branch's pull request as both panels show it: the agent's replies on forge threads that wait for the
// person's Send, Send itself (after a confirmation the view asks for), and Pull. Renderer-free: the web
// panel and the terminal half each draw it, over a source each satisfies (the HTTP API, the in-process
// service), so what is listed, sent and said after is decided once.
import { createContext, createMemo, createSignal, useContext } from "solid-js";
import type { ForgePullResult, ForgePushResult, ForgeStatus, WaitingReply } from "opencode-review/http";
import type { Outcome } from "../review-client.js";

/** An agent reply waiting to go to the pull request (`failed`: the forge refused it; it stays to try again). */
export type ForgeWaitingReply = WaitingReply;
/** `GET /api/forge`: the branch's pull request as last pulled (null: none), what waits, how many were posted. */
export type ForgeQueueStatus = ForgeStatus;
/** What one Pull brought in. */
export type ForgePullOutcome = ForgePullResult;
/** What one Send did. */
export type ForgePushOutcome = ForgePushResult;

/** The three calls the slice needs, part of the `ReviewClient` port: each answers an `Outcome`, as every call there does. */
export interface ForgeQueueSource {
  forgeStatus(): Promise<Outcome<ForgeQueueStatus>>;
  pullForge(): Promise<Outcome<{ readonly pull: ForgePullOutcome }>>;
  pushForge(): Promise<Outcome<{ readonly push: ForgePushOutcome }>>;
}

/** One reply as it was sent: where, and its link on the forge. */
export interface SentReply {
  readonly place: string;
  readonly url: string | null;
}

/** What the panel says after the last Send or Pull, until the next. */
export type ForgeQueueNote =
  | { readonly kind: "sent"; readonly text: string; readonly sent: readonly SentReply[] }
  | { readonly kind: "pulled"; readonly text: string }
  | { readonly kind: "failed"; readonly text: string };

export type ForgeQueue = ReturnType<typeof createForgeQueue>;

/** `src/app.ts:12`, or the file alone for a file-level thread. */
export function replyPlace(reply: Pick<ForgeWaitingReply, "file" | "line">): string {
  return reply.line === null ? reply.file : `${reply.file}:${reply.line}`;
}

/** A forge comment in one short line: the first line of it, at most `max` characters. */
export function shortQuote(text: string, max = 60): string {
  const first = text.trim().split("\n")[0]!.trim();
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

/**
 * Who a reply answers, as a line both panels show: `answers @alice: "Start from the first item?"`.
 * @example answersLine(reply) // 'answers @alice: "Start from the first item?"'
 */
export function answersLine(reply: ForgeWaitingReply): string {
  const login = reply.answers?.login ?? reply.to;
  if (login === null) return "answers the thread";
  return reply.answers ? `answers @${login}: "${shortQuote(reply.answers.body)}"` : `answers @${login}`;
}

/** The question Send asks before it posts anything, as both panels word it. */
export function sendQuestion(status: ForgeQueueStatus): string {
  const pull = status.pull;
  const n = status.waiting.length;
  const resolves = status.waiting.filter((w) => w.resolves).length;
  const as = pull?.login ? ` as @${pull.login}` : "";
  const also = resolves === 0 ? "" : `, resolving ${resolves} thread${resolves === 1 ? "" : "s"} there`;
  return `Post ${n} repl${n === 1 ? "y" : "ies"} to pull request #${pull?.number ?? "?"}${as}${also}?`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The forge slice: the status loaded from the source and reloaded when threads change (`load`), Pull,
 * and Send after `ask` (the view's confirmation), with the note shown after either.
 * @example const queue = createForgeQueue(backend); await queue.load(); queue.ask(); await queue.send();
 */
export function createForgeQueue(source: ForgeQueueSource) {
  const [status, setStatus] = createSignal<ForgeQueueStatus | null>(null);
  const [busy, setBusy] = createSignal<"pull" | "send" | null>(null);
  const [asking, setAsking] = createSignal(false);
  const [note, setNote] = createSignal<ForgeQueueNote | null>(null);
  const [problem, setProblem] = createSignal<string | null>(null);

  const pullRequest = createMemo(() => status()?.pull ?? null);
  const waiting = createMemo(() => status()?.waiting ?? []);
  let loads = 0;

  /** Reads the status again (another process may have queued or sent replies); a failure is kept as `problem`. */
  async function load(): Promise<void> {
    const mine = ++loads;
    try {
      const next = outcomeValue(await source.forgeStatus());
      // An older answer arriving after a newer one is dropped.
      if (mine !== loads) return;
      setStatus(next);
      setProblem(next.pullError ?? null);
      if (next.waiting.length === 0) setAsking(false);
    } catch (error) {
      if (mine === loads) setProblem(messageOf(error));
    }
  }

  /** Asks before Send: the view shows `sendQuestion` and confirms with `send`; false when nothing waits. */
  function ask(): boolean {
    const now = status();
    if (now?.pull == null || now.waiting.length === 0 || busy() !== null) return false;
    setAsking(true);
    return true;
  }

  function cancel(): void {
    setAsking(false);
  }

  /** Posts every queued reply (the confirmed Send); what was posted, or the one line of why not, becomes the note. */
  async function send(): Promise<ForgeQueueNote | null> {
    const before = status();
    setAsking(false);
    if (before?.pull == null || before.waiting.length === 0 || busy() !== null) return null;
    setBusy("send");
    try {
      const result = outcomeValue(await source.pushForge()).push;
      const byId = new Map(before.waiting.map((w) => [w.messageId, w]));
      const sent: SentReply[] = (result.sent ?? []).map((s) => ({
        place: byId.has(s.messageId) ? replyPlace(byId.get(s.messageId)!) : "a thread",
        url: s.url,
      }));
      const parts = [`Posted ${plural(result.posted, "reply", "replies")} to pull request #${result.pr}`];
      if (result.resolved > 0) parts.push(`resolved ${plural(result.resolved, "thread", "threads")} there`);
      let text = parts.join(", ");
      if (result.failed.length > 0) {
        text += `; ${plural(result.failed.length, "reply was", "replies were")} refused and stay${result.failed.length === 1 ? "s" : ""} queued: ${result.failed[0]!.error}`;
      }
      return show({ kind: "sent", text: `${text}.`, sent });
    } catch (error) {
      const n = before.waiting.length;
      return show({
        kind: "failed",
        text: `Send failed: ${messageOf(error)} (${plural(n, "reply stays", "replies stay")} queued: Send again once that is fixed.)`,
      });
    } finally {
      setBusy(null);
      await load();
    }
  }

  /** Brings the pull request's new forge comments in now. */
  async function pull(): Promise<ForgeQueueNote | null> {
    if (busy() !== null) return null;
    setBusy("pull");
    try {
      const r = outcomeValue(await source.pullForge()).pull;
      const text = r.unchanged
        ? `Pull request #${r.pr}: nothing new on the forge.`
        : `Pulled pull request #${r.pr}: ${plural(r.newThreads, "new thread", "new threads")}, ${plural(r.newComments, "new comment", "new comments")}${r.resolved + r.reopened > 0 ? `, ${r.resolved} resolved, ${r.reopened} reopened` : ""}.`;
      return show({ kind: "pulled", text });
    } catch (error) {
      return show({ kind: "failed", text: `Pull failed: ${messageOf(error)}` });
    } finally {
      setBusy(null);
      await load();
    }
  }

  function show(next: ForgeQueueNote): ForgeQueueNote {
    setNote(next);
    return next;
  }

  return {
    status,
    pullRequest,
    waiting,
    busy,
    asking,
    note,
    problem,
    load,
    ask,
    cancel,
    send,
    pull,
    dismissNote: () => setNote(null),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A refusal ends the action with its one line (caught below, where each action words what failed).
function outcomeValue<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.value;
}

export const ForgeQueueContext = createContext<ForgeQueue>();

/** The forge slice of the enclosing web panel. */
export function useForgeQueue(): ForgeQueue {
  const value = useContext(ForgeQueueContext);
  if (!value) throw new Error("useForgeQueue outside ForgeQueueContext");
  return value;
}
