// What the person is pointing at: the chosen lines, the open composer, the focused thread and file, overlays.
import { createContext, createSignal, useContext } from "solid-js";
import type { CommentTarget } from "../diff/diff-rows.js";
import { pickLines, type LinePick, type LineSelection } from "./selection.js";

export type Focus = ReturnType<typeof createFocus>;

/**
 * The focus slice: selection, composer, focused thread and file, help and drawer.
 * @example const focus = createFocus(); focus.pick({ file: "a.ts", side: "new", line: 3, extend: false })
 */
export function createFocus() {
  const [selection, setSelection] = createSignal<LineSelection | null>(null);
  const [composer, setComposer] = createSignal<CommentTarget | null>(null);
  const [thread, setThread] = createSignal<string | null>(null);
  const [file, setFile] = createSignal<string | null>(null);
  const [help, setHelp] = createSignal(false);
  const [drawer, setDrawer] = createSignal(false);
  const [replyTo, setReplyTo] = createSignal<string | null>(null);
  const [dragging, setDragging] = createSignal(false);
  // "Finish your review": the step before a release, opened from the release bar or with `s`.
  const [finishing, setFinishing] = createSignal(false);

  return {
    selection,
    composer,
    thread,
    file,
    help,
    drawer,
    replyTo,
    dragging,
    finishing,
    setFinishing,
    setThread,
    setFile,
    setHelp,
    setDrawer,
    setReplyTo,
    /** The line a link names (`#file=…&line=19`): marked as the selection, no composer opened. */
    markLine: (p: Omit<LinePick, "extend">) => {
      setSelection(pickLines(null, { ...p, extend: false }));
      setFile(p.file);
    },
    /** A pick from the keyboard (or a reopened box): the range, and the composer on it at once. */
    pick: (p: LinePick) => {
      const next = pickLines(selection(), p);
      setSelection(next);
      setFile(p.file);
      setComposer(next.target);
    },
    /**
     * The mouse button goes down on a line number (a click, a shift-click, the start of a drag): only the
     * range changes until it is let go. The composer sits under the range's last line, so moving it now
     * would slide other lines under the still pointer, and each line entered mid-press grew the range (a
     * shift-click on line 26 ended as line 28, or as a deleted line further down, on a slow machine).
     */
    press: (p: LinePick) => {
      setDragging(true);
      setSelection(pickLines(selection(), p));
      setFile(p.file);
    },
    /** The pointer enters a line number with the button still down: the range grows to it. */
    drag: (p: Omit<LinePick, "extend">) => {
      if (dragging()) setSelection(pickLines(selection(), { ...p, extend: true }));
    },
    /** The button is let go: the composer opens on (or follows) the range chosen. */
    release: () => {
      if (!dragging()) return;
      setDragging(false);
      const chosen = selection();
      if (chosen) setComposer(chosen.target);
    },
    /** Moves one end of the open composer's range by a line (phones have no shift-click). */
    stretch: (edge: "start" | "end", by: number) => {
      const t = composer();
      if (!t || t.start === null || t.end === null) return;
      const start = edge === "start" ? Math.max(1, Math.min(t.end, t.start + by)) : t.start;
      const end = edge === "end" ? Math.max(t.start, t.end + by) : t.end;
      const target = { ...t, start, end };
      setSelection({ target, origin: start });
      setComposer(target);
    },
    commentOnFile: (path: string) => {
      setSelection(null);
      setFile(path);
      setComposer({ file: path, side: "new", start: null, end: null });
    },
    closeComposer: () => {
      setComposer(null);
      setSelection(null);
    },
  };
}

export const FocusContext = createContext<Focus>();

/** The focus slice of the enclosing panel. */
export function useFocus(): Focus {
  const value = useContext(FocusContext);
  if (!value) throw new Error("useFocus outside FocusContext");
  return value;
}
