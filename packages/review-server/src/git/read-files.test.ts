import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ReviewError } from "@opencode-review/core";
import { openRepository } from "./open-repository.js";
import { readFiles } from "./read-files.js";
import { readWorktreeFile } from "./read-worktree-file.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";

let repo: TempRepository | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

describe("readFiles", () => {
  it("reads text, binary and missing files of a commit in one call", async () => {
    repo = await makeTempRepository();
    await repo.write("src/a.ts", "const a = 1;\r\n");
    await repo.write("with space é.txt", "unicode ✓\n");
    await repo.write("img.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
    await repo.write("empty.txt", "");
    await repo.write("late-nul.txt", `${"x".repeat(9000)}\0`);
    const head = await repo.commitAll("files");
    const files = await readFiles(await openRepository(repo.dir), head, [
      "src/a.ts",
      "with space é.txt",
      "img.png",
      "empty.txt",
      "late-nul.txt",
      "nope.txt",
      "src",
      "src/a.ts",
    ]);
    expect(files.get("src/a.ts")).toEqual({ kind: "text", text: "const a = 1;\r\n" });
    expect(files.get("with space é.txt")).toEqual({ kind: "text", text: "unicode ✓\n" });
    expect(files.get("img.png")).toEqual({ kind: "binary" });
    expect(files.get("empty.txt")).toEqual({ kind: "text", text: "" });
    // git's rule looks at the first 8000 bytes only.
    expect(files.get("late-nul.txt")?.kind).toBe("text");
    expect(files.get("nope.txt")).toEqual({ kind: "missing" });
    expect(files.get("src")).toEqual({ kind: "missing" });
    expect(files.size).toBe(7);
  });

  it("reads hundreds of files and keeps each answer with its path", async () => {
    repo = await makeTempRepository();
    const paths: string[] = [];
    for (let i = 0; i < 300; i++) {
      const path = `dir${i % 7}/file-${i}.txt`;
      paths.push(path);
      await repo.write(path, `content of ${i}\n`.repeat(i % 5));
    }
    const head = await repo.commitAll("many");
    const files = await readFiles(await openRepository(repo.dir), head, [...paths, "missing-in-the-middle"]);
    paths.forEach((path, i) => {
      expect(files.get(path)).toEqual({ kind: "text", text: `content of ${i}\n`.repeat(i % 5) });
    });
    expect(files.get("missing-in-the-middle")).toEqual({ kind: "missing" });
  });

  it("reads nothing from the empty tree", async () => {
    repo = await makeTempRepository();
    const opened = await openRepository(repo.dir);
    expect(await readFiles(opened, opened.emptyTree, ["a.txt"])).toEqual(new Map([["a.txt", { kind: "missing" }]]));
  });
});

describe("readWorktreeFile", () => {
  it("reads the file as it is now, with the same kinds", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "now\n");
    await repo.write("b.bin", new Uint8Array([1, 0, 2]));
    await repo.write("dir/x.txt", "x\n");
    const opened = await openRepository(repo.dir);
    expect(await readWorktreeFile(opened, "a.txt")).toEqual({ kind: "text", text: "now\n" });
    expect(await readWorktreeFile(opened, "b.bin")).toEqual({ kind: "binary" });
    expect(await readWorktreeFile(opened, "gone.txt")).toEqual({ kind: "missing" });
    expect(await readWorktreeFile(opened, "dir")).toEqual({ kind: "missing" });
    expect(await readWorktreeFile(opened, "a.txt/below")).toEqual({ kind: "missing" });
  });

  it("reads a symlink as its target path, like git, without following it out of the work tree", async () => {
    repo = await makeTempRepository();
    await symlink("/etc/hostname", join(repo.dir, "link"));
    const opened = await openRepository(repo.dir);
    expect(await readWorktreeFile(opened, "link")).toEqual({ kind: "text", text: "/etc/hostname" });
  });

  it("refuses paths that leave the work tree", async () => {
    repo = await makeTempRepository();
    const opened = await openRepository(repo.dir);
    for (const path of ["../x", "/etc/passwd", ".git/config"]) {
      const error = await readWorktreeFile(opened, path).catch((e: unknown) => e);
      expect((error as ReviewError).code, path).toBe("outside_worktree");
    }
  });
});
