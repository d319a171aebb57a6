// The files the person marked viewed: kept by the server with the content seen, so a reload (and the
// terminal panel) agrees, and a file the agent changed again reads "changed since viewed", unfolded.
import { createContext, createEffect, createMemo, createSignal, on, useContext, type Accessor } from "solid-js";
import type { ReviewClient, DiffFile, DiffRange } from "../review-client.js";
import type { Notices } from "../conversation/notices.js";

export type ViewedState = "viewed" | "changed" | "unviewed";

export type Viewed = ReturnType<typeof createViewed>;

/**
 * The viewed slice: marks for the diff's end (`range().to`), re-read whenever the diff is; viewed files fold.
 * @example const viewed = createViewed(api, rounds.range, diff.files, diff.setFolded, notices); viewed.toggle("a.ts")
 */
export function createViewed(
  client: ReviewClient,
  range: Accessor<DiffRange>,
  files: Accessor<readonly DiffFile[]>,
  fold: (path: string, folded: boolean) => void,
  notices: Notices,
) {
  const [marks, setMarks] = createSignal<ReadonlyMap<string, "viewed" | "changed">>(new Map());
  let generation = 0;

  async function load(): Promise<void> {
    const mine = ++generation;
    const outcome = await client.viewed(range().to);
    if (mine !== generation) return;
    if (!outcome.ok) return void notices.report(outcome.error);
    const next = new Map(outcome.value.files.map((f) => [f.path, f.state] as const));
    // A file marked viewed folds when it is read; one changed since unfolds to show what changed.
    for (const [path, state] of next) if (marks().get(path) !== state) fold(path, state === "viewed");
    // A mark taken away (in another panel) unfolds the file again.
    for (const [path, state] of marks()) if (state === "viewed" && !next.has(path)) fold(path, false);
    setMarks(next);
  }
  createEffect(on(files, () => void load()));

  const state = (path: string): ViewedState => marks().get(path) ?? "unviewed";
  const count = createMemo(() => files().filter((f) => marks().get(f.path) === "viewed").length);
  return {
    state,
    count,
    total: () => files().length,
    load,
    /** Marks a file viewed (it folds) or takes the mark away (it unfolds). */
    toggle: async (path: string): Promise<void> => {
      const viewed = state(path) !== "viewed";
      generation++; // an older listing answering now would undo this
      const outcome = await client.setViewed(path, viewed, range().to);
      if (!outcome.ok) return void notices.report(outcome.error);
      setMarks((m) => {
        const next = new Map(m);
        if (viewed) next.set(path, "viewed");
        else next.delete(path);
        return next;
      });
      fold(path, viewed);
    },
    /** The first file after `from` (in the diff's order, wrapping) not marked viewed, or null when all are. */
    nextUnviewed: (from: string | null): string | null => {
      const list = files();
      const at = from === null ? -1 : list.findIndex((f) => f.path === from);
      for (let i = 1; i <= list.length; i++) {
        const file = list[(at + i + list.length) % list.length]!;
        if (state(file.path) !== "viewed") return file.path;
      }
      return null;
    },
  };
}

export const ViewedContext = createContext<Viewed>();

/** The viewed slice of the enclosing panel. */
export function useViewed(): Viewed {
  const value = useContext(ViewedContext);
  if (!value) throw new Error("useViewed outside ViewedContext");
  return value;
}
