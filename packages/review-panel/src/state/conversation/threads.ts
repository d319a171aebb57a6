// Every thread of the repository and branch, kept live from HTTP answers and server events.
import { createContext, createMemo, createSignal, useContext, type Accessor } from "solid-js";
import {
  asThread,
  type ReviewClient,
  type DiffRange,
  type MessageInput,
  type NewThread,
  type Outcome,
  type Thread,
} from "../review-client.js";
import type { Notices } from "./notices.js";
import { threadsInRange } from "./threads-in-range.js";

export type Threads = ReturnType<typeof createThreads>;

/**
 * How long a conversation is, as both panels show it beside the thread's status: from two replies on (one
 * reply is in view under the comment anyway), else null.
 * @example replyCount(thread) // "3 replies"
 */
export function replyCount(thread: Thread): string | null {
  const replies = thread.messages.length - 1;
  return replies >= 2 ? `${replies} replies` : null;
}

/**
 * The thread slice: a map by id, and every action a person takes on threads; with the diff's `range`, the
 * threads as that diff shows them too (`inRange`, `shown`: anchored in the round a diff ends at).
 * @example const threads = createThreads(api, notices, () => review.refresh(), rounds.range); await threads.load()
 */
export function createThreads(
  client: ReviewClient,
  notices: Notices,
  onDraftsChanged: () => void = () => {},
  range?: Accessor<DiffRange>,
) {
  const [byId, setById] = createSignal<ReadonlyMap<string, Thread>>(new Map());
  const list = createMemo(() =>
    [...byId().values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0)),
  );
  const inRange = range === undefined ? list : threadsInRange(client, list, range, notices);
  const shownById = createMemo(() => new Map(inRange().map((t) => [t.id, t])));
  // The "new" mark stays for this panel's visit even after the server is told the reply was seen, and
  // even when the card scrolls out of a virtualized list and back; each panel keeps its own.
  const newThisVisit = new Set<string>();
  // The first listing answered (or refused): until then the diff lays out without its thread cards.
  const [loaded, setLoaded] = createSignal(false);

  const upsert = (thread: Thread) => {
    setById((m) => {
      const old = m.get(thread.id);
      // An event can arrive after a newer HTTP answer; keep the newer copy.
      if (old && old.updatedAt > thread.updatedAt) return m;
      const next = new Map(m);
      next.set(thread.id, thread);
      return next;
    });
  };
  const remove = (id: string) =>
    setById((m) => {
      const next = new Map(m);
      next.delete(id);
      return next;
    });

  async function load(): Promise<boolean> {
    // `all` is the person's view: released threads and their own drafts (docs/http.md, GET /api/threads), so one listing holds both.
    const [all, findings] = await Promise.all([client.threads({ status: "all" }), client.findings()]);
    if (!all.ok) return (setLoaded(true), notices.report(all.error), false);
    const next = new Map<string, Thread>(all.value.threads.map((t) => [t.id, t] as const));
    // The reviewer's released findings lay out among the threads.
    if (findings.ok) for (const f of findings.value.findings) next.set(f.id, asThread(f));
    setById(next);
    setLoaded(true);
    return true;
  }

  async function apply(outcome: Outcome<{ thread?: Thread | null }>, drafts: boolean): Promise<boolean> {
    if (!outcome.ok) {
      notices.report(outcome.error);
      return false;
    }
    if (outcome.value?.thread) upsert(outcome.value.thread);
    if (drafts) onDraftsChanged();
    return true;
  }

  return {
    list,
    /** Whether the first listing has been answered: thread cards arriving after it no longer push the diff about. */
    loaded,
    get: (id: string) => byId().get(id),
    inRange,
    /** The thread as the diff shows it (its anchor in the round the diff ends at, when it ends at one). */
    shown: (id: string) => shownById().get(id),
    upsert,
    load,
    create: async (input: NewThread) => apply(await client.createThread(input), true),
    reply: async (threadId: string, input: MessageInput) => apply(await client.reply(threadId, input), true),
    edit: async (messageId: string, input: MessageInput) => apply(await client.editMessage(messageId, input), true),
    deleteMessage: async (thread: Thread, messageId: string) => {
      const outcome = await client.deleteMessage(messageId);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      if (outcome.value?.thread) upsert(outcome.value.thread);
      else if (thread.messages.length <= 1) remove(thread.id);
      else await load();
      onDraftsChanged();
      return true;
    },
    /** Takes a reviewer's finding as the person's own draft on the same lines. */
    accept: async (findingId: string) => {
      const outcome = await client.accept(findingId);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      upsert(asThread(outcome.value.thread));
      upsert(outcome.value.draft);
      onDraftsChanged();
      return true;
    },
    dismiss: async (findingId: string) => {
      const outcome = await client.dismiss(findingId);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      upsert(asThread(outcome.value.thread));
      return true;
    },
    /** A reopened finding may have taken its unreleased draft back, so the drafts are read again. */
    reopenFinding: async (findingId: string) => {
      const ok = await apply(await client.reopen(findingId), true);
      if (ok) await load();
      return ok;
    },
    resolve: async (threadId: string) => apply(await client.resolve(threadId), false),
    reopen: async (threadId: string) => apply(await client.reopen(threadId), false),
    seen: async (threadId: string) => apply(await client.seen(threadId), false),
    replyCount,
    /** Whether the thread had something unread when this panel first showed it; `thread` marks it so. */
    newThisVisit: (thread: Thread) => {
      if (thread.unreadByHuman) newThisVisit.add(thread.id);
      return newThisVisit.has(thread.id);
    },
  };
}

export const ThreadsContext = createContext<Threads>();

/** The thread slice of the enclosing panel. */
export function useThreads(): Threads {
  const value = useContext(ThreadsContext);
  if (!value) throw new Error("useThreads outside ThreadsContext");
  return value;
}
