import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { openRepository } from "../../git/open-repository.js";
import { makeTempRepository, type TempRepository } from "../../git/testing/temp-repository.js";
import { CommitFileCache } from "./commit-file-cache.js";
import { createFileReader } from "./file-reader.js";

let repo: TempRepository | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

test("keeps files by commit and path, dropping the least recently used past its budget", () => {
  const cache = new CommitFileCache(400);
  cache.set("c1", "a.ts", { kind: "text", text: "a".repeat(100) });
  cache.set("c1", "b.ts", { kind: "text", text: "b".repeat(100) });
  expect(cache.get("c1", "a.ts")).toEqual({ kind: "text", text: "a".repeat(100) }); // a is now the most recent
  cache.set("c2", "a.ts", { kind: "missing" });
  cache.set("c2", "c.ts", { kind: "text", text: "c".repeat(100) });
  expect(cache.get("c1", "b.ts")).toBeUndefined();
  expect(cache.get("c1", "a.ts")?.kind).toBe("text");
  expect(cache.get("c2", "a.ts")).toEqual({ kind: "missing" });
  expect(cache.get("c2", "c.ts")?.kind).toBe("text");
});

test("a file larger than the whole budget is not kept", () => {
  const cache = new CommitFileCache(100);
  cache.set("c1", "big.ts", { kind: "text", text: "x".repeat(100) });
  expect(cache.get("c1", "big.ts")).toBeUndefined();
});

test("a later operation's reader answers texts at a commit from the cache, with no git (the objects are gone)", async () => {
  repo = await makeTempRepository();
  await repo.write("src/a.ts", "export const a = 1;\n");
  const head = await repo.commitAll("base");
  const opened = await openRepository(repo.dir);
  const cache = new CommitFileCache();
  await createFileReader(opened, cache).prefetch(head, ["src/a.ts", "gone.ts"]);
  // Without its objects git can read nothing at that commit: what answers now is the cache.
  await rm(join(repo.dir, ".git", "objects"), { recursive: true, force: true });
  const later = createFileReader(opened, cache);
  await expect(later.at(head, "src/a.ts")).resolves.toEqual({ kind: "text", text: "export const a = 1;\n" });
  await expect(later.at(head, "gone.ts")).resolves.toEqual({ kind: "missing" });
  await expect(createFileReader(opened).at(head, "src/a.ts")).rejects.toThrow();
});
