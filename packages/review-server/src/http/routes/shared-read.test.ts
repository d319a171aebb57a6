import { expect, test } from "vitest";
import { createSharedReads } from "./shared-read.js";

test("concurrent identical reads share one computation; a later read computes afresh", async () => {
  const reads = createSharedReads();
  let computed = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const compute = async () => {
    computed++;
    await gate;
    return `body ${computed}`;
  };
  const first = reads.run("threads", compute);
  const second = reads.run("threads", compute);
  const other = reads.run("drafts", compute);
  release();
  expect((await Promise.all([first, second, other])).map((b) => b.text)).toEqual(["body 2", "body 2", "body 2"]);
  expect(await (await first).gzipped()).toBe(await (await second).gzipped());
  expect(computed).toBe(2);
  expect((await reads.run("threads", compute)).text).toBe("body 3");
});

test("a failed computation is not kept: the next read tries again", async () => {
  const reads = createSharedReads();
  await expect(reads.run("k", async () => Promise.reject(new Error("git failed")))).rejects.toThrow("git failed");
  expect((await reads.run("k", async () => "ok")).text).toBe("ok");
});
