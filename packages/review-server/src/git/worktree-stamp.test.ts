import { execFileSync } from "node:child_process";
import { rename, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, test } from "vitest";
import { bunBinary } from "../testing/bun-binary.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";
import { worktreeStamp } from "./worktree-stamp.js";

let repo: TempRepository | undefined;
const stampOf = (path: string) => worktreeStamp({ workTree: repo!.dir }, path);
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

// A file's change time cannot be set back, so a file is trusted by its stamp only after a real second.
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

test("a settled file keeps its stamp until it is rewritten, even to the same size, or replaced by a rename", async () => {
  repo = await makeTempRepository();
  await repo.write("src/a.ts", "export const a = 1;\n");
  await repo.write("src/b.ts", "export const a = 2;\n");
  // Just written: not trusted yet (two edits within one tick of the file clock would look the same).
  expect(stampOf("src/a.ts")).toBeNull();
  await settle();
  const first = stampOf("src/a.ts");
  expect(first).not.toBeNull();
  expect(stampOf("src/a.ts")).toBe(first);

  // Same size, and the modification time put back as it was: the change time still tells.
  const before = await stat(join(repo.dir, "src/a.ts"));
  await writeFile(join(repo.dir, "src/a.ts"), "export const a = 3;\n");
  await utimes(join(repo.dir, "src/a.ts"), before.atime, before.mtime);
  expect(stampOf("src/a.ts")).toBeNull();
  await settle();
  const rewritten = stampOf("src/a.ts");
  expect(rewritten).not.toBeNull();
  expect(rewritten).not.toBe(first);

  // Replaced by another file of the same size, as editors save: another inode.
  const replaced = stampOf("src/b.ts");
  await rename(join(repo.dir, "src/b.ts"), join(repo.dir, "src/a.ts"));
  await settle();
  expect(stampOf("src/a.ts")).not.toBe(rewritten);
  expect(stampOf("src/a.ts")).not.toBe(replaced);
  // Gone: no stamp; and a file that appears later under a path asked before is stamped all the same.
  expect(stampOf("src/b.ts")).toBeNull();
  await repo.write("src/b.ts", "export const b = 1;\n");
  await settle();
  expect(stampOf("src/b.ts")).not.toBeNull();
});

test("no stamp for what is not a regular file inside the work tree", async () => {
  repo = await makeTempRepository();
  await repo.write("src/a.ts", "export const a = 1;\n");
  await symlink("a.ts", join(repo.dir, "src/link.ts"));
  await settle();
  expect(stampOf("src/a.ts")).not.toBeNull();
  expect(stampOf("src/link.ts")).toBeNull();
  expect(stampOf("src")).toBeNull();
  expect(stampOf("src/missing.ts")).toBeNull();
  expect(stampOf("")).toBeNull();
  expect(stampOf("src/../src/a.ts")).toBeNull();
  expect(stampOf("../outside.ts")).toBeNull();
});

test("Bun stamps a file as Node does: opencode (Bun) and the CLI or MCP server (Node) share kept anchors", async () => {
  repo = await makeTempRepository();
  await repo.write("src/a.ts", "export const a = 1;\n");
  await settle();
  const script = `
    import { worktreeStamp } from ${JSON.stringify(fileURLToPath(new URL("./worktree-stamp.ts", import.meta.url)))};
    console.log(worktreeStamp({ workTree: ${JSON.stringify(repo.dir)} }, "src/a.ts"));`;
  const underBun = execFileSync(bunBinary(), ["-e", script], { encoding: "utf8" }).trim().split("\n").pop();
  expect(underBun).toMatch(/^\d+:\d+:20:\d+:\d+$/);
  expect(underBun).toBe(stampOf("src/a.ts"));
});
