import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { createFocus } from "./focus.js";
import { pickLines } from "./selection.js";

describe("line selection", () => {
  it("grows from the first line picked, in either direction, within one file and side", () => {
    const one = pickLines(null, { file: "a", side: "new", line: 5, extend: false });
    const down = pickLines(one, { file: "a", side: "new", line: 8, extend: true });
    expect(down.target).toMatchObject({ start: 5, end: 8 });
    expect(pickLines(down, { file: "a", side: "new", line: 3, extend: true }).target).toMatchObject({
      start: 3,
      end: 5,
    });
    expect(pickLines(down, { file: "a", side: "old", line: 3, extend: true }).target).toMatchObject({
      side: "old",
      start: 3,
      end: 3,
    });
  });

  it("opens the composer on the picked range and stretches it by a line for touch screens", () => {
    createRoot((dispose) => {
      const focus = createFocus();
      focus.pick({ file: "a", side: "new", line: 4, extend: false });
      focus.stretch("end", 1);
      focus.stretch("start", -1);
      expect(focus.composer()).toEqual({ file: "a", side: "new", start: 3, end: 5 });
      focus.commentOnFile("b");
      expect(focus.composer()).toEqual({ file: "b", side: "new", start: null, end: null });
      dispose();
    });
  });

  it("with the mouse, changes only the range while the button is down, and moves the composer once it is let go", () => {
    createRoot((dispose) => {
      const focus = createFocus();
      focus.press({ file: "a", side: "new", line: 24, extend: false });
      focus.release();
      expect(focus.composer()).toMatchObject({ start: 24, end: 24 });
      // A shift-click: the box stays under line 24 while the button is down, so no line slides under the
      // pointer; one entered anyway (a drag) grows the range, and only the release moves the box.
      focus.press({ file: "a", side: "new", line: 26, extend: true });
      expect(focus.selection()?.target).toMatchObject({ start: 24, end: 26 });
      expect(focus.composer()).toMatchObject({ start: 24, end: 24 });
      focus.drag({ file: "a", side: "new", line: 27 });
      focus.release();
      expect(focus.composer()).toMatchObject({ start: 24, end: 27 });
      // After the release, the pointer entering lines changes nothing.
      focus.drag({ file: "a", side: "new", line: 31 });
      expect(focus.composer()).toMatchObject({ start: 24, end: 27 });
      dispose();
    });
  });
});
