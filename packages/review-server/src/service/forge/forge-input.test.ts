import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ForgeThread } from "../../forge/index.js";
import { checkForgeThreads } from "./forge-input.js";

let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const thread = (over: Partial<ForgeThread>): ForgeThread => ({
  id: "T1",
  path: "src/app.ts",
  side: "new",
  originalStartLine: null,
  originalLine: 2,
  startLine: null,
  line: 2,
  resolved: false,
  outdated: false,
  url: "https://forge.example/o/r/pull/7#c1",
  comments: [
    {
      id: "1",
      login: "alice",
      body: "Hi.",
      diffHunk: "",
      commit: null,
      createdAt: "2025-06-01T10:00:00Z",
      url: "https://forge.example/o/r/pull/7#c1",
    },
  ],
  ...over,
});

const NOW = "2026-01-01T00:00:00.000Z";

describe("checkForgeThreads", () => {
  test("a link that is no web address (javascript:, a terminal escape inside) is dropped, on the thread, its comments and the skipped line", async () => {
    dir = await mkdtemp(join(tmpdir(), "forge-input-"));
    const evil = "javascript:alert(1)";
    const { threads, skipped } = await checkForgeThreads(
      { workTree: dir },
      [
        thread({ url: evil, comments: [{ ...thread({}).comments[0]!, url: "https://x.example/\u001b[2J" }] }),
        thread({ id: "T2", path: "../x", url: evil }),
      ],
      NOW,
    );
    expect(threads[0]!.url).toBe("");
    expect(threads[0]!.comments[0]!.url).toBe("");
    expect(skipped).toEqual([
      'skipped the thread "T2": its path "../x" is not a plain path from the repository\'s root.',
    ]);
  });

  test("a comment time the forge left out or garbled reads as now; a good one stays", async () => {
    dir = await mkdtemp(join(tmpdir(), "forge-input-"));
    const base = thread({}).comments[0]!;
    const comments = ["", "yesterday", "2025-13-45T99:00:00Z", "2025-06-01T10:00:00+02:00"].map((createdAt, i) => ({
      ...base,
      id: String(i),
      createdAt,
    }));
    const { threads } = await checkForgeThreads({ workTree: dir }, [thread({ comments })], NOW);
    expect(threads[0]!.comments.map((c) => c.createdAt)).toEqual([NOW, NOW, NOW, "2025-06-01T10:00:00+02:00"]);
  });
});
