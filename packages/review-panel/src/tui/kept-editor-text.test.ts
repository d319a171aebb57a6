import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { Thread } from "../api.js";
import type { UnsentStorage } from "../state/conversation/unsent-text.js";
import { createKeptEditorText, type Editing } from "./kept-editor-text.js";

/** A storage as the terminal's file is one: shared by every view that opens over it. */
function memoryStorage(): UnsentStorage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}
const where = { workTree: "/work/repo", branch: "main" };
const onLine: Editing = {
  kind: "comment",
  target: { file: "src/app.ts", side: "new", start: 6, end: 6 },
  suggestion: false,
  initial: "",
};
const thread = { id: "t1", file: "src/app.ts", start: 9, anchor: { start: 9 } } as unknown as Thread;

describe("the terminal editor's kept text", () => {
  it("keeps what is typed per place until saved, and gives it back to the next view over the same storage", () =>
    createRoot((dispose) => {
      const storage = memoryStorage();
      const first = createKeptEditorText(storage, where);
      first.keep(onLine, "Why six?");
      first.keep({ kind: "reply", thread, initial: "" }, "Agreed.");

      // A view opened later (the view closed, or opencode restarted: the storage is a file).
      const next = createKeptEditorText(storage, where);
      expect(next.withKept(onLine)).toEqual({ editing: { ...onLine, initial: "Why six?" }, restored: true });
      expect(next.withKept({ kind: "reply", thread, initial: "" }).editing.initial).toBe("Agreed.");
      expect(next.withKept({ ...onLine, target: { ...onLine.target, file: "other.ts" } }).restored).toBe(false);
      // Another branch keeps its own.
      expect(createKeptEditorText(storage, { ...where, branch: "feature" }).withKept(onLine).restored).toBe(false);

      next.drop(onLine);
      expect(createKeptEditorText(storage, where).withKept(onLine).restored).toBe(false);
      next.keep({ kind: "reply", thread, initial: "" }, "");
      expect(createKeptEditorText(storage, where).list()).toEqual([]);
      dispose();
    }));

  it("remembers the editor that was open when the view went, and a suggestion as a suggestion", () =>
    createRoot((dispose) => {
      const storage = memoryStorage();
      const kept = createKeptEditorText(storage, where);
      const suggesting: Editing = { ...onLine, suggestion: true };
      kept.keep(suggesting, "const doubled = line5 * 2;");
      kept.setOpen(suggesting);
      const later = createKeptEditorText(storage, where);
      expect(later.wasOpen()).toMatchObject({
        place: { kind: "new", target: onLine.target },
        suggestion: "const doubled = line5 * 2;",
      });
      expect(later.withKept(onLine).editing).toMatchObject({ suggestion: true, initial: "const doubled = line5 * 2;" });
      later.setOpen(null);
      expect(createKeptEditorText(storage, where).wasOpen()).toBeNull();
      dispose();
    }));

  it("keeps the text in memory when the storage cannot be written", () =>
    createRoot((dispose) => {
      const broken: UnsentStorage = {
        getItem: () => null,
        setItem: () => {
          throw new Error("ENOSPC");
        },
        removeItem: () => {},
      };
      const kept = createKeptEditorText(broken, where);
      expect(() => kept.keep(onLine, "words")).not.toThrow();
      expect(kept.withKept(onLine).editing.initial).toBe("words");
      dispose();
    }));
});
