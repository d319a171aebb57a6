import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { seedDraftThreads, type SeedPlace } from "../service/testing/seed-draft-threads.js";
import { makeServiceFixture, type ServiceFixture } from "../service/testing/service-fixture.js";
import { createReviewTools } from "./review-tools.js";

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

type Result = {
  title: string;
  output: string;
  metadata: { threads: { id: string; file: string; awaiting: string | null }[]; next?: string };
};

const context: ToolContext = {
  sessionID: "ses_pages",
  messageID: "msg_pages",
  agent: "build",
  directory: "/",
  worktree: "/",
  abort: new AbortController().signal,
  metadata() {},
  async ask() {},
};

async function call(definition: ToolDefinition, args: Record<string, unknown>): Promise<Result> {
  const result = await definition.execute(args as never, {
    ...context,
    directory: fixture!.repo.dir,
    worktree: fixture!.repo.dir,
  });
  if (typeof result === "string") throw new Error(`expected a structured result, got: ${result}`);
  return result as unknown as Result;
}

const FILES = 100;
const PER_FILE = 5;
const fileName = (k: number): string => `src/module-${String(k).padStart(3, "0")}.ts`;
const source = (k: number): string =>
  Array.from({ length: 30 }, (_, i) => `export const value${k}_${i} = compute(${i}, "${k}");`).join("\n") + "\n";

/** 100 files with an agent's change in each, and 5 released threads per file (500 in all). */
async function fiveHundredThreads() {
  const files = Object.fromEntries(Array.from({ length: FILES }, (_, k) => [fileName(k), source(k)]));
  fixture = await makeServiceFixture(files);
  for (let k = 0; k < FILES; k++)
    await fixture.repo.write(fileName(k), source(k).replace(`value${k}_0 `, `renamed${k}_0 `));
  const places: SeedPlace[] = [];
  for (let k = 0; k < FILES; k++) {
    for (let j = 0; j < PER_FILE; j++)
      places.push({
        file: fileName(k),
        start: 1 + j * 5,
        body: `Thread ${k}.${j}: ${"please check this line ".repeat(3)}`,
      });
  }
  await seedDraftThreads(fixture.service, places);
  await fixture.service.release({});
  return createReviewTools(async () => fixture!.service);
}

/** Reads pages until one has no cursor, calling `between` after each page; returns every page. */
async function readAll(
  tools: ReturnType<typeof createReviewTools>,
  args: Record<string, unknown>,
  between?: (page: number) => Promise<void>,
) {
  const pages: Result[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(tools.review_list, { ...args, ...(cursor === undefined ? {} : { cursor }) });
    pages.push(page);
    cursor = page.metadata.next;
    if (cursor !== undefined) expect(page.output).toContain(`cursor "${cursor}"`);
    else expect(page.output).not.toContain("cursor");
    await between?.(pages.length);
    expect(pages.length).toBeLessThan(100);
  } while (cursor !== undefined);
  return pages;
}

describe("review_list pages", () => {
  test("500 threads in 100 files: every one read exactly once, in whole threads under 20 KB a page, waiting ones first", async () => {
    const tools = await fiveHundredThreads();
    const pages = await readAll(tools, {});
    const ids = pages.flatMap((p) => p.metadata.threads.map((t) => t.id));
    expect(ids).toHaveLength(FILES * PER_FILE);
    expect(new Set(ids).size).toBe(FILES * PER_FILE);
    const bytes = pages.map((p) => Buffer.byteLength(p.output, "utf8"));
    for (const size of bytes) expect(size).toBeLessThanOrEqual(20_000);
    // Pages are full: as few calls as the text needs.
    expect(pages.length).toBe(Math.ceil(bytes.reduce((a, b) => a + b, 0) / 20_000));
    for (const page of pages) {
      // Every thread of the metadata is shown whole in the prose, in the same order.
      const shown = [...page.output.matchAll(/^## (\S+)/gm)].map((m) => m[1]);
      expect(shown).toEqual(page.metadata.threads.map((t) => t.id));
      expect(page.output).not.toContain("cut short");
    }
    // By file, then line, across pages.
    const files = pages.flatMap((p) => p.metadata.threads.map((t) => t.file));
    expect(files).toEqual([...files].sort());
    expect(pages[0]!.output).toMatch(/^500 threads in 100 files: 500 waiting for you\./);
    expect(pages[1]!.output).toMatch(/^\d+ threads in \d+ files after the \d+ already shown: /);
    // Every human message returned is delivered; nothing waits unread any more.
    const listed = await fixture!.service.listThreads({ status: "waiting" });
    expect(listed.every((t) => t.messages.every((m) => m.delivery === "delivered"))).toBe(true);
    // A fresh read starts again from the first page.
    expect((await call(tools.review_list, {})).metadata.threads[0]!.id).toBe(ids[0]);
  }, 120_000);

  test("threads released between pages, even ones that sort before the pages already read, are not skipped", async () => {
    const tools = await fiveHundredThreads();
    const added: string[] = [];
    const pages = await readAll(tools, {}, async (page) => {
      if (page > 2) return;
      // New threads in the first file (which sorts first) and the last, after the first pages were read.
      const rows = await seedDraftThreads(fixture!.service, [
        { file: fileName(0), start: 27, body: `Added after page ${page}, first file.` },
        { file: fileName(FILES - 1), start: 28, body: `Added after page ${page}, last file.` },
      ]);
      await fixture!.service.release({});
      added.push(...rows.map((r) => r.id));
    });
    const ids = pages.flatMap((p) => p.metadata.threads.map((t) => t.id));
    expect(added).toHaveLength(4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(FILES * PER_FILE + added.length);
    for (const id of added) expect(ids).toContain(id);
  }, 120_000);

  test("a thread whose lines were edited since shows them as they read now, beside the quote", async () => {
    const tools = await fiveHundredThreads();
    const before = await readFile(join(fixture!.repo.dir, fileName(3)), "utf8");
    await fixture!.repo.write(
      fileName(3),
      before.replace(`value3_10 = compute(10, "3");`, `value3_10 = compute(10, "3") * 2;`),
    );
    const listed = await call(tools.review_list, { file: "module-003.ts" });
    expect(listed.output).toContain(`Line 11 now:\n\`\`\`\nexport const value3_10 = compute(10, "3") * 2;\n\`\`\``);
    expect(listed.output.match(/now:/g)).toHaveLength(1);
  }, 120_000);

  test("file still narrows, a retried page answers the same threads, and an unknown cursor says what to do", async () => {
    const tools = await fiveHundredThreads();
    const one = await readAll(tools, { file: "module-007.ts" });
    expect(one).toHaveLength(1);
    expect(one[0]!.metadata.threads.map((t) => t.file)).toEqual(Array(PER_FILE).fill(fileName(7)));

    const first = await call(tools.review_list, { status: "all" });
    const cursor = first.metadata.next!;
    const second = await call(tools.review_list, { status: "all", cursor });
    const again = await call(tools.review_list, { status: "all", cursor });
    expect(again.metadata.threads.map((t) => t.id)).toEqual(second.metadata.threads.map((t) => t.id));
    expect(again.metadata.next).toBeDefined();

    const refused = await call(tools.review_list, { cursor: "p9_unknown" }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(refused?.message).toMatch(/cursor "p9_unknown" is not known.*Call review_list without cursor/);
  }, 120_000);
});
