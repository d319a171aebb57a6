// One key table for both panels: a key both panels bind does the same thing in each, and docs/keys.md (the
// page a person reads) is the table as help shows it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { helpLines, REVIEW_KEYS, sameKey, type Panel } from "./review-keys.js";

const page = readFileSync(join(import.meta.dirname, "..", "..", "..", "..", "..", "docs", "keys.md"), "utf8");

function actionsByKey(panel: Panel): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const entry of REVIEW_KEYS)
    for (const key of entry[panel]?.keys ?? []) map.set(sameKey(key), [...(map.get(sameKey(key)) ?? []), entry.action]);
  return map;
}

describe("the review keys", () => {
  it("bind each key to one action in each panel, and a key both panels bind to the same action", () => {
    const terminal = actionsByKey("terminal");
    const web = actionsByKey("web");
    expect([...terminal].filter(([, actions]) => actions.length > 1)).toEqual([]);
    expect([...web].filter(([, actions]) => actions.length > 1)).toEqual([]);
    const shared = [...web.keys()].filter((key) => terminal.has(key));
    expect(shared.length).toBeGreaterThan(12);
    expect(shared.filter((key) => terminal.get(key)![0] !== web.get(key)![0])).toEqual([]);
    // Every web key is one the terminal binds too: the browser has no key of its own that means something else there.
    expect([...web.keys()].filter((key) => !terminal.has(key))).toEqual([]);
  });

  it("choose by what reviewers know: j/k lines, n/p files, ]/[ hunks, N/P threads, t finds a file, r resolves, s asks then releases", () => {
    const action = (panel: Panel, key: string) => REVIEW_KEYS.find((entry) => entry[panel]?.keys.includes(key))?.action;
    for (const [terminalKey, webKey, expected] of [
      ["j", "j", "down"],
      ["k", "k", "up"],
      ["n", "n", "nextFile"],
      ["]", "]", "nextHunk"],
      ["shift+n", "N", "nextThread"],
      ["t", "t", "findFile"],
      ["c", "c", "comment"],
      ["r", "r", "resolve"],
      ["s", "s", "release"],
      ["?", "?", "help"],
    ] as const) {
      expect([action("terminal", terminalKey), action("web", webKey)]).toEqual([expected, expected]);
    }
    expect(REVIEW_KEYS.find((entry) => entry.action === "release")!.does).toContain("asks first");
  });

  it("docs/keys.md lists every key of both panels as their help shows it", () => {
    const rows = REVIEW_KEYS.filter(
      (entry) => (entry.terminal?.label ?? "") !== "" || (entry.web?.label ?? "") !== "",
    ).map(
      (entry) =>
        `| ${entry.does} | ${entry.web?.label ? `\`${entry.web.label}\`` : "—"} | ${entry.terminal?.label ? `\`${entry.terminal.label}\`` : "—"} |`,
    );
    expect(rows.length).toBe(helpLines("terminal").length);
    expect(rows.filter((row) => !page.includes(row))).toEqual([]);
  });
});
