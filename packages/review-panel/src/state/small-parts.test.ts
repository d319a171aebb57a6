import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { DiffFile } from "../api.js";
import { fileTree } from "./file-tree.js";
import { createFocus } from "./focus.js";
import { keyAction } from "./keymap.js";
import { pickLines } from "./selection.js";

const f = (path: string): DiffFile => ({ path, oldPath: null, status: "modified", binary: false, hunks: [] });

describe("fileTree", () => {
  it("groups files under their folders, subfolders first, with open-thread counts", () => {
    const entries = fileTree([f("README.md"), f("src/b.ts"), f("src/lib/a.ts")], [
      { file: "src/b.ts", anchor: { state: "current" }, status: "open", unreadByHuman: true, awaiting: "human" },
      { file: "src/b.ts", anchor: { state: "current" }, status: "resolved", unreadByHuman: false, awaiting: null },
      // Written on a file that was renamed since: counted under its name now.
      { file: "src/old.ts", anchor: { state: "current", file: "src/lib/a.ts" }, status: "open", unreadByHuman: false, awaiting: "agent" },
    ] as never);
    expect(entries.map((e) => `${"  ".repeat(e.depth)}${e.name}`)).toEqual(["src", "  lib", "    a.ts", "  b.ts", "README.md"]);
    expect(entries.find((e) => e.name === "b.ts")).toMatchObject({ open: 1, unread: true, waiting: true });
    expect(entries.find((e) => e.name === "a.ts")).toMatchObject({ open: 1, unread: false, waiting: false });
  });
});

describe("keyAction", () => {
  it("maps the review shortcuts, and ignores keys typed into a text box", () => {
    expect(["j", "k", "n", "p", "c", "r", "s", "?"].map((key) => keyAction({ key, targetTag: "DIV" }))).toEqual([
      "next-thread", "prev-thread", "next-file", "prev-file", "comment", "reply", "release", "help",
    ]);
    expect(keyAction({ key: "j", targetTag: "TEXTAREA" })).toBeNull();
    expect(keyAction({ key: "c", ctrlKey: true, targetTag: "DIV" })).toBeNull();
  });
});

describe("line selection", () => {
  it("grows from the first line picked, in either direction, within one file and side", () => {
    const one = pickLines(null, { file: "a", side: "new", line: 5, extend: false });
    const down = pickLines(one, { file: "a", side: "new", line: 8, extend: true });
    expect(down.target).toMatchObject({ start: 5, end: 8 });
    expect(pickLines(down, { file: "a", side: "new", line: 3, extend: true }).target).toMatchObject({ start: 3, end: 5 });
    expect(pickLines(down, { file: "a", side: "old", line: 3, extend: true }).target).toMatchObject({ side: "old", start: 3, end: 3 });
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
});
