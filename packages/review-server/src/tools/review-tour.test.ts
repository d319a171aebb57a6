import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import type { Tour } from "@opencode-review/core";
import { afterEach, describe, expect, test } from "vitest";
import { makeServiceFixture, type ServiceFixture } from "../service/testing/service-fixture.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { AGENT_TOOL_NAMES } from "./agent-tools.js";
import { createReviewTools } from "./review-tools.js";

const lines = (n: number, name: string) => Array.from({ length: n }, (_, i) => `${name} ${i + 1}`);
const RETRY = [...lines(10, "retry"), ""].join("\n");
const CLIENT = [...lines(10, "client"), ""].join("\n");
const NOTES = [...lines(6, "note"), ""].join("\n");

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

// The agent's change: retry.ts lines 4-5 rewritten, client.ts line 8 added, notes.md line 3 deleted.
async function setup() {
  fixture = await makeServiceFixture({ "src/retry.ts": RETRY, "src/client.ts": CLIENT, "notes.md": NOTES });
  const f = fixture;
  await f.repo.write("src/retry.ts", RETRY.replace("retry 4\nretry 5\n", "backoff 4\nbackoff 5\n"));
  await f.repo.write("src/client.ts", CLIENT.replace("client 7\n", "client 7\nuse backoff\n"));
  await f.repo.write("notes.md", NOTES.replace("note 3\n", ""));
  const service = f.service;
  return { f, tools: createReviewTools(async () => service) };
}

const context = (dir: string) =>
  ({
    sessionID: "ses_test",
    messageID: "msg_test",
    agent: "build",
    directory: dir,
    worktree: dir,
    abort: new AbortController().signal,
    metadata() {},
    async ask() {},
  }) as ToolContext;

async function call(definition: ToolDefinition, args: Record<string, unknown>) {
  const result = await definition.execute(args as never, context(fixture!.repo.dir));
  if (typeof result === "string") throw new Error(`expected a structured result, got: ${result}`);
  return result as { title: string; output: string; metadata: { tour: Tour } };
}

async function refusal(definition: ToolDefinition, args: Record<string, unknown>): Promise<string> {
  const outcome = await call(definition, args).then(
    () => null,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(Error);
  return (outcome as Error).message;
}

describe("review_tour over a real service, store and repository", () => {
  test("is the fourth tool of the one registry", () => {
    expect(AGENT_TOOL_NAMES).toEqual(["review_list", "review_reply", "review_open", "review_tour"]);
  });

  test("stores a tour with its steps in order, lists the hunks no step touches, and tells the panels", async () => {
    const { f, tools } = await setup();
    const result = await call(tools.review_tour, {
      title: "Retry with backoff",
      steps: [
        { file: "src/retry.ts", from: 4, to: 5, text: "Start here: the backoff replaces the fixed retry." },
        { file: "src/client.ts", from: 8, text: "The client opts in." },
      ],
    });
    const tour = result.metadata.tour;
    expect(result.title).toBe("Tour of 2 steps");
    expect(tour.title).toBe("Retry with backoff");
    expect(tour.steps.map((s) => [s.file, s.start, s.end, s.anchor.state])).toEqual([
      ["src/retry.ts", 4, 5, "current"],
      ["src/client.ts", 8, 8, "current"],
    ]);
    // notes.md's deletion is the one part no step explains: it sits between lines 2 and 3 now.
    expect(tour.uncovered).toEqual([{ file: "notes.md", start: 2, end: 3 }]);
    expect(result.output).toContain("1 hunk of the change no step touches: notes.md lines 2-3.");
    expect(f.events.some((e) => e.type === "tour" && e.tour.id === tour.id)).toBe(true);
  });

  test("a deletion counts as explained by a step on the line beside it, or on its whole file", async () => {
    const { tools } = await setup();
    const beside = await call(tools.review_tour, {
      steps: [
        { file: "src/retry.ts", from: 4, text: "a" },
        { file: "src/client.ts", text: "b" },
        { file: "notes.md", from: 3, text: "The third note was stale." },
      ],
    });
    expect(beside.metadata.tour.uncovered).toEqual([]);
    expect(beside.output).toContain("Every hunk of the change is covered by a step.");
    const whole = await call(tools.review_tour, {
      steps: [
        { file: "notes.md", text: "Notes trimmed." },
        { file: "src/client.ts", from: 1, to: 2, text: "Unchanged lines cover nothing." },
      ],
    });
    expect(whole.metadata.tour.uncovered).toEqual([
      { file: "src/client.ts", start: 8, end: 8 },
      { file: "src/retry.ts", start: 4, end: 5 },
    ]);
  });

  test("a new tour replaces the last; a step follows an edit above it and says when its lines are gone", async () => {
    const { f, tools } = await setup();
    await call(tools.review_tour, { steps: [{ file: "notes.md", text: "First tour." }] });
    const written = await call(tools.review_tour, {
      steps: [
        { file: "src/retry.ts", from: 4, to: 5, text: "The backoff." },
        { file: "src/client.ts", from: 8, text: "Opting in." },
      ],
    });
    // Two lines written above the backoff, and the client's new line taken out again.
    const now = (await readFile(join(f.repo.dir, "src/retry.ts"), "utf8")).replace(
      "retry 1\n",
      "header a\nheader b\nretry 1\n",
    );
    await f.repo.write("src/retry.ts", now);
    await f.repo.write("src/client.ts", CLIENT);
    const tour = (await f.service.tour())!;
    expect(tour.id).toBe(written.metadata.tour.id);
    expect(tour.steps[0]?.anchor).toEqual({ state: "moved", start: 6, end: 7 });
    expect(tour.steps[1]?.anchor).toEqual({ state: "outdated", start: null, end: null });
    // The header lines fall in the backoff's hunk (git joins changes three lines apart), which the step touches;
    // the client's hunk is gone with its line.
    expect(tour.uncovered).toEqual([{ file: "notes.md", start: 2, end: 3 }]);
  });

  test("refuses with clear words: outside the work tree, past the end, too many steps, empty text, unknown argument", async () => {
    const { f, tools } = await setup();
    const step = { file: "src/retry.ts", from: 1, text: "x" };
    expect(await refusal(tools.review_tour, { steps: [step, { file: "../outside.ts", text: "x" }] })).toMatch(
      /^Step 2: \.\.\/outside\.ts .*Give a path inside the work tree/,
    );
    expect(await refusal(tools.review_tour, { steps: [{ file: "src/retry.ts", from: 40, text: "x" }] })).toMatch(
      /^Step 1: Lines 40-40 are past the end of src\/retry\.ts \(10 lines\)/,
    );
    expect(await refusal(tools.review_tour, { steps: Array.from({ length: 41 }, () => step) })).toMatch(
      /steps has too many steps; give at most 40/,
    );
    expect(await refusal(tools.review_tour, { steps: [{ ...step, text: " " }] })).toBe(
      "steps[0].text: text is empty; write 1 to 500 characters of why this part is there.",
    );
    expect(await refusal(tools.review_tour, { steps: [step], tittle: "x" })).toBe(
      "Unknown argument `tittle`; did you mean `title`?",
    );
    // Nothing was stored by any of them.
    expect(await f.service.tour()).toBeNull();
  });
});
