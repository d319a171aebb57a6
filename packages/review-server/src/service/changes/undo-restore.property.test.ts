// For random files and random hunk selections: undo then restore gives the original bytes, and undo leaves
// every line outside the selected hunks as it was (line endings and a missing final newline included).
import { diffLines, type Hunk } from "@opencode-review/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteLines } from "./file-lines.js";
import { restoredBytes } from "./restore-bytes.js";
import { changeBlocks, revertBlocks } from "./revert-hunks.js";

// Fixed, so a failure repeats on the next run; FC_SEED=<n> explores others.
const SEED = Number(process.env.FC_SEED ?? 20_261_205);

const WORDS = ["a", "b", "}", "", "return x;", "é ü", "tab\t"] as const;
const line = fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom("\n", "\r\n"));
const lines = fc.array(line, { maxLength: 40 }).map((ls) => ls.map(([text, end]) => `${text}${end}`));
/** A file's bytes from its lines, the last one perhaps without its line ending. */
const file = (ls: readonly string[], cut: boolean): Buffer => {
  const text = ls.join("");
  return Buffer.from(cut ? text.replace(/\r?\n$/, "") : text, "utf8");
};

interface Edit {
  readonly at: number;
  readonly remove: number;
  readonly insert: readonly string[];
}
const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 4 }), insert: lines.map((l) => l.slice(0, 4)) });

function applyEdits(old: readonly string[], edits: readonly Edit[]): string[] {
  const now = [...old];
  for (const e of edits) {
    const at = now.length === 0 ? 0 : e.at % (now.length + 1);
    now.splice(at, e.remove, ...e.insert);
  }
  return now;
}

const cases = fc
  .record({
    old: lines,
    edits: fc.array(edit, { minLength: 1, maxLength: 6 }),
    oldCut: fc.boolean(),
    newCut: fc.boolean(),
    pick: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
  })
  .map(({ old, edits, oldCut, newCut, pick }) => {
    const oldBytes = file(old, oldCut);
    const newBytes = file(applyEdits(old, edits), newCut);
    const hunks = diffLines(byteLines(oldBytes), byteLines(newBytes));
    const chosen = hunks.filter((_, i) => pick[i % pick.length]);
    return { oldBytes, newBytes, hunks, chosen };
  });

/** The new-side lines (0-based) inside the chosen hunks. */
function insideChosen(chosen: readonly Hunk[], index: number): boolean {
  return chosen.some((h) => {
    const start = h.newLines === 0 ? h.newStart : h.newStart - 1;
    return index >= start && index < start + h.newLines;
  });
}

describe("undo then restore", () => {
  it("gives back the original bytes, and undo changes no line outside the chosen hunks", () => {
    fc.assert(
      fc.property(cases, ({ oldBytes, newBytes, chosen }) => {
        const reverted = revertBlocks(oldBytes, newBytes, changeBlocks(chosen));
        if (reverted === null) {
          expect(chosen).toHaveLength(0);
          return;
        }
        // Every line outside the chosen hunks reads as it did, shifted by what the chosen hunks before it put back.
        const before = byteLines(newBytes);
        const after = byteLines(reverted.bytes);
        for (let i = 0; i < before.length; i++) {
          if (insideChosen(chosen, i)) continue;
          const shift = chosen
            .filter((h) => (h.newLines === 0 ? h.newStart : h.newStart - 1) + h.newLines <= i)
            .reduce((n, h) => n + h.oldLines - h.newLines, 0);
          expect(after[i + shift]).toBe(before[i]);
        }
        const restored = restoredBytes(
          {
            before: newBytes,
            beforeSpan: reverted.before,
            afterSpan: reverted.after,
            written: reverted.bytes.subarray(
              Buffer.byteLength(after.slice(0, reverted.after.start).join(""), "latin1"),
              Buffer.byteLength(after.slice(0, reverted.after.start + reverted.after.lines).join(""), "latin1"),
            ),
          },
          reverted.bytes,
        );
        expect(restored?.equals(newBytes)).toBe(true);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it("undoing every hunk gives the old file byte for byte", () => {
    fc.assert(
      fc.property(cases, ({ oldBytes, newBytes, hunks }) => {
        const reverted = revertBlocks(oldBytes, newBytes, changeBlocks(hunks));
        expect((reverted?.bytes ?? newBytes).equals(oldBytes)).toBe(true);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it("restores over later edits outside the undone lines, keeping them", () => {
    fc.assert(
      fc.property(cases, fc.constantFrom("later\n", "later\r\n"), ({ oldBytes, newBytes, chosen }, extra) => {
        const reverted = revertBlocks(oldBytes, newBytes, changeBlocks(chosen));
        if (reverted === null) return;
        const after = byteLines(reverted.bytes);
        const at = (start: number) => Buffer.byteLength(after.slice(0, start).join(""), "latin1");
        const kept = {
          before: newBytes,
          beforeSpan: reverted.before,
          afterSpan: reverted.after,
          written: reverted.bytes.subarray(at(reverted.after.start), at(reverted.after.start + reverted.after.lines)),
        };
        // Someone adds a line at the very top, away from the undone lines (unless they start the file).
        if (reverted.after.start === 0) return;
        const now = Buffer.concat([Buffer.from(extra), reverted.bytes]);
        const restored = restoredBytes(kept, now);
        expect(restored?.equals(Buffer.concat([Buffer.from(extra), newBytes]))).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
