import { afterEach, describe, expect, test } from "vitest";
import { makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";

let fixture: ForgejoFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe("pr pull on Forgejo 16", () => {
  test("a multi-line comment (extra_lines_count) reads as the range it covers; a one-line one as its line", async () => {
    const f = (fixture = await makeForgejoFixture("forgejo16"));
    const range = f.forgejo.addThread(f.pull, {
      login: "alice",
      body: "This loop and its sum could be one reduce.",
      path: "src/app.ts",
      line: 2,
      extraLines: 2,
      commit: f.head,
    });
    const one = f.forgejo.addThread(f.pull, {
      login: "bob",
      body: "Name?",
      path: "src/app.ts",
      line: 7,
      commit: f.head,
    });
    expect(await f.service.pullForge()).toMatchObject({ newThreads: 2 });
    const threads = await f.service.listThreads({ status: "all" });
    const byFirst = (id: number) =>
      threads.find((t) => t.messages[0]!.forge === undefined && t.forge?.url.endsWith(`-${id}`));
    expect(byFirst(range.first.id)).toMatchObject({
      start: 2,
      end: 4,
      quoted: ["   let sum = 0;", "   for (const x of xs) sum += x;", "   return sum;"],
    });
    expect(byFirst(one.first.id)).toMatchObject({ start: 7, end: 7 });
    expect(f.forgejo.problems).toEqual([]);
  });
});
