// The threads as a diff shows them: in a diff that ends at a round, each with its anchor in that round.
import { createEffect, createMemo, createSignal, on, type Accessor } from "solid-js";
import type { ReviewClient, DiffRange, Thread } from "../review-client.js";
import type { Notices } from "./notices.js";

/** Anchors in one round's snapshot, by thread id, as `GET /api/threads?at=` answered them. */
interface AnchorsAt {
  readonly to: string;
  readonly anchors: ReadonlyMap<string, Thread["anchor"]>;
}

/**
 * Where the threads of a diff are located: the round it ends at, the end of the staged or one-commit view
 * (`view:staged`, `view:commit:<sha>`, as `GET /api/threads?at=` takes them), else the work tree.
 * @example locatedAt({ from: "base", to: "worktree", view: "staged" }) // "view:staged"
 */
export function locatedAt(range: DiffRange): string {
  if (range.view === "staged" || range.view?.startsWith("commit:")) return `view:${range.view}`;
  if (range.view !== undefined) return "worktree";
  return range.to;
}

/**
 * The threads to lay out in the diff of `range`: as they are when the diff ends at the work tree; when it
 * ends at a round, each with its anchor located in that round (asked again when the range changes or a
 * thread appears), so a thread sits where its lines were in that round, not where they are now; the same at
 * the end of the staged or one-commit view (the index, the commit). A thread
 * not yet located there keeps its anchor now.
 * @example const shown = threadsInRange(client, threads.list, rounds.range, notices); buildRows({ threads: shown(), ... })
 */
export function threadsInRange(
  client: ReviewClient,
  threads: Accessor<readonly Thread[]>,
  range: Accessor<DiffRange>,
  notices: Notices,
): Accessor<readonly Thread[]> {
  const [at, setAt] = createSignal<AnchorsAt | null>(null);
  // Memos, so only a new end of the range or a thread more or fewer asks again: `on` runs whenever its
  // sources notify, and the list notifies on every change to any thread (a reply, a "seen" mark).
  const to = createMemo(() => locatedAt(range()));
  const count = createMemo(() => threads().length);
  createEffect(
    on([to, count], async ([to]) => {
      if (to === "worktree") return setAt(null);
      const outcome = await client.threads({ status: "all", at: to });
      // A newer range may have been chosen while this one was asked for.
      if (locatedAt(range()) !== to) return;
      if (!outcome.ok) return void notices.report(outcome.error);
      setAt({ to, anchors: new Map(outcome.value.threads.map((t) => [t.id, t.anchor])) });
    }),
  );
  return createMemo(() => {
    const located = at();
    if (located === null || located.to !== locatedAt(range())) return threads();
    return threads().map((t) => {
      const anchor = located.anchors.get(t.id);
      return anchor === undefined ? t : { ...t, anchor };
    });
  });
}
