import { describe, expect, test } from "vitest";
import { checkResolve } from "./check-resolve.js";
import { locate } from "./locate.js";

const text = (lines: readonly string[]): string => lines.map((line) => `${line}\n`).join("");

const FILE = [
  "export function total(items) {", // 1
  "  let sum = 0;", // 2
  "  for (const item of items) {", // 3
  "    sum += item.price;", // 4
  "  }", // 5
  "  return sum;", // 6
  "}", // 7
];
const then = text(FILE);
/** A thread on lines 3-5 (the loop). */
const loop = {
  side: "new",
  start: 3,
  end: 5,
  quoted: FILE.slice(2, 5).map((line) => `+${line}`),
  then,
  file: "src/total.ts",
} as const;

describe("checkResolve", () => {
  test.each([
    {
      name: "nothing changed: refused as unchanged",
      now: FILE,
      verdict: {
        accepted: false,
        reason: "unchanged",
        message:
          "the lines under this comment (src/total.ts 3-5) still read as they did when the person commented; change them or reply without resolved",
      },
    },
    {
      name: "an import added above the untouched lines: refused as moved, naming the new lines",
      now: ["import { price } from './price.js';", "", ...FILE],
      verdict: {
        accepted: false,
        reason: "moved",
        message:
          "the commented lines (src/total.ts 3-5) moved to 5-7 but read exactly as before; change them or reply without resolved",
      },
    },
    {
      name: "re-indented: refused as whitespace only",
      now: FILE.map((line, i) => (i >= 2 && i <= 4 ? `  ${line}` : line)),
      verdict: { accepted: false, reason: "whitespace_only" },
    },
    {
      name: "trailing spaces added to a line: refused as whitespace only",
      now: FILE.map((line, i) => (i === 3 ? `${line}  ` : line)),
      verdict: { accepted: false, reason: "whitespace_only" },
    },
    {
      name: "CRLF line endings: refused as whitespace only",
      now: FILE.map((line) => `${line}\r`),
      verdict: { accepted: false, reason: "whitespace_only" },
    },
    {
      name: "the loop edited: accepted",
      now: [...FILE.slice(0, 2), "  for (const item of items) sum += price(item);", ...FILE.slice(5)],
      verdict: { accepted: true },
    },
    {
      name: "the loop deleted: accepted",
      now: [...FILE.slice(0, 2), ...FILE.slice(5)],
      verdict: { accepted: true },
    },
    {
      name: "the file emptied: accepted",
      now: [],
      verdict: { accepted: true, location: { state: "outdated", start: null, end: null } },
    },
    {
      name: "the file deleted: accepted",
      now: null,
      verdict: { accepted: true, location: { state: "outdated", start: null, end: null } },
    },
  ])("$name", ({ now, verdict }) => {
    expect(checkResolve({ ...loop, now: now === null ? null : text(now) })).toMatchObject(verdict);
  });

  test("the whitespace message names the lines and says what to do", () => {
    const verdict = checkResolve({ ...loop, now: text(FILE.map((line) => `\t${line}`)) });
    expect(verdict).toMatchObject({
      accepted: false,
      message:
        "only whitespace changed in the lines under this comment (src/total.ts 3-5); a re-indent or new line endings do not answer it: change the code or reply without resolved",
    });
  });

  test("a reopened thread claimed resolved again with no new edit is refused (checkpoint = text at reopen)", () => {
    // The agent edited the loop and resolved; the person reopened. The checkpoint is now the text at
    // the reopen, with the thread where locate put it then.
    const atReopen = text([...FILE.slice(0, 3), "    sum += item.price * item.count;", ...FILE.slice(4)]);
    const firstClaim = checkResolve({ ...loop, now: atReopen });
    expect(firstClaim.accepted).toBe(true);
    const placeAtReopen = locate({ ...loop, now: atReopen });
    expect(placeAtReopen).toEqual({ state: "changed", start: 3, end: 5 });

    const checkpoint = { ...loop, then: atReopen, start: placeAtReopen.start, end: placeAtReopen.end };
    expect(checkResolve({ ...checkpoint, now: atReopen })).toMatchObject({ accepted: false, reason: "unchanged" });
    // A new edit after the reopen is accepted.
    const edited = atReopen.replace("item.count", "item.quantity");
    expect(checkResolve({ ...checkpoint, now: edited })).toMatchObject({ accepted: true });
  });

  test("a whole-file thread: refused while the file reads the same, accepted once it changes", () => {
    const whole = { side: "new", start: null, end: null, quoted: [], then, file: "src/total.ts" } as const;
    expect(checkResolve({ ...whole, now: then })).toMatchObject({
      accepted: false,
      reason: "unchanged",
      message: "src/total.ts still reads as it did when the person commented; change it or reply without resolved",
    });
    expect(checkResolve({ ...whole, now: then.replaceAll("\n", "\r\n") })).toMatchObject({
      accepted: false,
      reason: "whitespace_only",
    });
    expect(checkResolve({ ...whole, now: `// total\n${then}` })).toMatchObject({ accepted: true });
  });

  test("an old-side thread: refused while the lines stay deleted, accepted once they are back", () => {
    const base = text(FILE);
    const deleted = text([...FILE.slice(0, 2), ...FILE.slice(5)]);
    const old = {
      side: "old",
      start: 3,
      end: 5,
      quoted: FILE.slice(2, 5).map((line) => `-${line}`),
      then: base,
    } as const;
    expect(checkResolve({ ...old, now: deleted })).toMatchObject({
      accepted: false,
      reason: "unchanged",
      message:
        "the deleted lines under this comment (old lines 3-5) are still deleted, as when the person commented; change them or reply without resolved",
    });
    expect(checkResolve({ ...old, now: base })).toMatchObject({ accepted: true, location: { state: "changed" } });
  });

  test("without a file name the message names the lines", () => {
    const { file: _file, ...anonymous } = loop;
    expect(
      checkResolve({ ...anonymous, start: 4, end: 4, quoted: [" " + (FILE[3] as string)], now: then }),
    ).toMatchObject({
      message:
        "the lines under this comment (line 4) still read as they did when the person commented; change them or reply without resolved",
    });
  });
});
