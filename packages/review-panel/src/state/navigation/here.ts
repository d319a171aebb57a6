// "Here": what the keys act on in both panels, decided once. The row under the cursor names the thread
// (its last thread of the person's or the agent's: a reviewer's finding is triaged with its own keys, a and
// X), the finding and the file; `r` resolves or reopens that thread. Where the view has no cursor row (the
// web panel before a move key), the thread last focused stands in.
import type { Row } from "../diff/diff-rows.js";
import { findingOf, type Finding, type Thread } from "../review-client.js";
import { fileOfRow } from "./cursor.js";

/** The parts of the thread slice "here" reads and writes. */
export interface HereThreads {
  get(id: string): Thread | undefined;
  /** The thread as the diff shows it (its anchor in the round the diff ends at). */
  shown(id: string): Thread | undefined;
  resolve(id: string): Promise<boolean>;
  reopen(id: string): Promise<boolean>;
}

/** What `r` does here: nothing to act on, a draft (not released yet), or resolving or reopening a thread. */
export type ResolveHere =
  | { readonly kind: "nothing" }
  | { readonly kind: "draft"; readonly thread: Thread }
  | { readonly kind: "resolve" | "reopen"; readonly thread: Thread; readonly run: () => Promise<boolean> };

export type Here = ReturnType<typeof createHere>;

/**
 * The thread, finding and file under the cursor, and what `r` does there, for both views.
 * @example const here = createHere({ row: cursor.row, threads }); const r = here.resolveToggle(); if (r.kind === "resolve") await r.run()
 */
export function createHere(input: {
  /** The row under the cursor; undefined where there is none (the web panel before a move key). */
  readonly row: () => Row | undefined;
  /** The thread focused otherwise (the web panel's last clicked card), used where the row holds no thread. */
  readonly focused?: () => string | null | undefined;
  readonly threads: HereThreads;
}) {
  const latest = (thread: Thread): Thread => input.threads.shown(thread.id) ?? input.threads.get(thread.id) ?? thread;
  const rowThreads = (): readonly Thread[] | null => {
    const row = input.row();
    return row && "threads" in row ? row.threads : null;
  };

  const thread = (): Thread | null => {
    const inRow = rowThreads();
    if (inRow !== null) {
      const own = inRow.filter((t) => !findingOf(t));
      const last = own[own.length - 1];
      return last ? latest(last) : null;
    }
    const id = input.focused?.();
    const focused = id ? (input.threads.shown(id) ?? input.threads.get(id)) : undefined;
    return focused && !findingOf(focused) ? focused : null;
  };

  const finding = (): Finding | null => {
    for (const t of [...(rowThreads() ?? [])].reverse()) {
      const f = findingOf(t);
      if (f) return f;
    }
    return null;
  };

  const file = (): string | null => {
    const row = input.row();
    return row ? fileOfRow(row) : null;
  };

  const resolveToggle = (): ResolveHere => {
    const here = thread();
    if (!here) return { kind: "nothing" };
    if (here.status === "draft") return { kind: "draft", thread: here };
    return here.status === "resolved"
      ? { kind: "reopen", thread: here, run: () => input.threads.reopen(here.id) }
      : { kind: "resolve", thread: here, run: () => input.threads.resolve(here.id) };
  };

  return { thread, finding, file, resolveToggle };
}
