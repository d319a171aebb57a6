import { expect, test } from "vitest";
import { CommitFileCache } from "./commit-file-cache.js";

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
