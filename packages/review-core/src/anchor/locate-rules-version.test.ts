import { describe, expect, test } from "vitest";
import { locate } from "./locate.js";
import { LOCATE_RULES_VERSION } from "./locate-rules-version.js";
import type { LocateInput, Location } from "./types.js";

const text = (lines: readonly string[]): string => lines.map((line) => `${line}\n`).join("");

const THEN = [
  "export function total(items) {", // 1
  "  let sum = 0;", // 2
  "  for (const item of items) {", // 3
  "    sum += item.price;", // 4
  "  }", // 5
  "  return sum;", // 6
  "}", // 7
  "", // 8
  "export function label(name) {", // 9
  "  return name.trim();", // 10
  "}", // 11
];

/** A thread on `start`..`end` of THEN, with the context an anchor records. */
function thread(start: number, end: number, now: readonly string[] | null): LocateInput {
  return {
    side: "new",
    start,
    end,
    quoted: THEN.slice(start - 1, end).map((line) => ` ${line}`),
    then: text(THEN),
    now: now === null ? null : text(now),
    context: { before: THEN.slice(Math.max(0, start - 4), start - 1), after: THEN.slice(end, end + 3) },
  };
}

/**
 * Examples of every state and every kind of evidence, with the answers locate gave under the version
 * recorded. When a change to locate makes any of them differ, raise LOCATE_RULES_VERSION (places kept
 * under the old rules are located again) and record the new answers here under it.
 */
const RECORDED: { readonly version: string; readonly answers: readonly [string, LocateInput, Location][] } = {
  version: "2",
  answers: [
    ["untouched", thread(4, 4, THEN), { state: "current", start: 4, end: 4 }],
    ["shifted by a line above", thread(4, 4, ["// total", ...THEN]), { state: "moved", start: 5, end: 5 }],
    [
      "edited in place",
      thread(
        4,
        4,
        THEN.map((l, i) => (i === 3 ? "    sum += item.price * item.count;" : l)),
      ),
      { state: "changed", start: 4, end: 4 },
    ],
    [
      "re-indented",
      thread(
        3,
        5,
        THEN.map((l, i) => (i >= 2 && i <= 4 ? `  ${l}` : l)),
      ),
      { state: "changed", start: 3, end: 5, whitespaceOnly: true },
    ],
    ["deleted", thread(9, 11, THEN.slice(0, 8)), { state: "outdated", start: null, end: null }],
    [
      "cut and pasted below (rule 2)",
      thread(4, 4, [...THEN.slice(0, 3), ...THEN.slice(4, 10), "    sum += item.price;", ...THEN.slice(10)]),
      { state: "moved", start: 10, end: 10 },
    ],
    [
      "rewritten in place, its old text pasted elsewhere (rule 1)",
      thread(4, 4, [
        ...THEN.slice(0, 3),
        "    sum += item.cost;",
        ...THEN.slice(4),
        "",
        "export function legacy(item) {",
        "    sum += item.price;",
        "}",
      ]),
      { state: "changed", start: 4, end: 4 },
    ],
    ["file gone", thread(4, 4, null), { state: "outdated", start: null, end: null }],
  ],
};

describe("LOCATE_RULES_VERSION", () => {
  test("is the version the examples' answers were recorded under", () => {
    expect(LOCATE_RULES_VERSION).toBe(RECORDED.version);
  });

  test.each(RECORDED.answers)(
    "%s: answered as recorded (else raise the version and record the new answers)",
    (_, input, answer) => {
      expect(locate(input)).toEqual(answer);
    },
  );
});
