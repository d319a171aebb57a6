import { describePlace } from "@opencode-review/core";
import type { DemoThreads } from "./seed-demo-review.js";

// What each demo thread is there to show, in the order the person meets them.
const SHOWN: readonly (readonly [keyof DemoThreads, string])[] = [
  ["resolved", "resolved by the agent: its claim held, the code under it changed"],
  ["outdated", "outdated: the line is gone; the agent answered"],
  ["refused", "moved: the agent claimed it resolved and was refused, the code only moved"],
  ["suggestion", "a suggestion, waiting on the agent"],
  ["deletedLine", "on a deleted line; the agent answered"],
  ["wholeFile", "on the whole file, waiting on the agent"],
  ["agentNote", "the agent's own note, waiting on you"],
  ["draft", "your draft, not released yet"],
];

function excerpt(text: string, max = 72): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/**
 * The demo's threads as lines for the terminal: where each one is, what it shows, and its first words.
 * @example renderDemoSummary(demo.threads)[0] // "  src/validate.ts:18-22  resolved by the agent: ..."
 */
export function renderDemoSummary(threads: DemoThreads): string[] {
  const rows = SHOWN.map(([key, shows]) => ({
    at: describePlace(threads[key], { for: "terminal" }),
    shows,
    first: threads[key].messages[0]?.body ?? "",
  }));
  const width = Math.max(...rows.map((row) => row.at.length));
  return rows.flatMap((row) => [
    `  ${row.at.padEnd(width)}  ${row.shows}`,
    `  ${" ".repeat(width)}  "${excerpt(row.first)}"`,
  ]);
}
