import { readFile, rm, unlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openRepository } from "./open-repository.js";
import { snapshotWorktree } from "./snapshot.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";

let repo: TempRepository | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

async function filesOf(r: TempRepository, tree: string): Promise<string[]> {
  return (await r.git("ls-tree", "-r", "--name-only", tree)).split("\n").filter(Boolean);
}

/** Everything a snapshot promises not to touch, as bytes and listings. */
async function untouchables(r: TempRepository) {
  const read = (p: string) => readFile(join(r.dir, ".git", p)).catch(() => null);
  return {
    index: await read("index"),
    head: await read("HEAD"),
    headLog: await read("logs/HEAD"),
    refs: await r.git("for-each-ref", "--format=%(refname) %(objectname)"),
    stash: await r.git("stash", "list"),
    status: await r.git("status", "--porcelain=v1", "-uall"),
  };
}

describe("snapshotWorktree", () => {
  it("includes tracked edits and untracked files, excludes ignored files and deletions", async () => {
    repo = await makeTempRepository();
    await repo.write(".gitignore", "build/\n*.log\n");
    await repo.write("a.txt", "a\n");
    await repo.write("gone.txt", "bye\n");
    await repo.commitAll("one");
    await repo.write("a.txt", "a changed\n");
    await unlink(join(repo.dir, "gone.txt"));
    await repo.write("new/untracked.ts", "fresh\n");
    await repo.write("build/out.js", "ignored\n");
    await repo.write("debug.log", "ignored\n");

    const { tree } = await snapshotWorktree(await openRepository(repo.dir));
    expect(await filesOf(repo, tree)).toEqual([".gitignore", "a.txt", "new/untracked.ts"]);
    expect(await repo.git("show", `${tree}:a.txt`)).toBe("a changed\n");
  });

  it("leaves the index, HEAD, refs, reflog and stash byte-identical", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "a\n");
    await repo.write("b.txt", "b\n");
    await repo.commitAll("one");
    await repo.git("branch", "other");
    await repo.write("a.txt", "stashed\n");
    await repo.git("stash", "push", "-q");
    // A staged change, an unstaged one and an untracked file: all three kinds of state a person may have.
    await repo.write("a.txt", "staged\n");
    await repo.git("add", "a.txt");
    await repo.write("b.txt", "unstaged\n");
    await repo.write("c.txt", "untracked\n");

    const before = await untouchables(repo);
    const { tree } = await snapshotWorktree(await openRepository(repo.dir));
    const after = await untouchables(repo);

    expect(after).toEqual(before);
    expect(before.stash).toMatch(/stash@\{0\}/);
    expect(await filesOf(repo, tree)).toEqual(["a.txt", "b.txt", "c.txt"]);
    expect(await repo.git("show", `${tree}:b.txt`)).toBe("unstaged\n");
  });

  it("works in a repository with no commits and no index", async () => {
    repo = await makeTempRepository();
    await repo.write("first.txt", "hello\n");
    const { tree } = await snapshotWorktree(await openRepository(repo.dir));
    expect(await filesOf(repo, tree)).toEqual(["first.txt"]);
    await expect(readFile(join(repo.dir, ".git", "index"))).rejects.toThrow();
  });

  it("gives the same tree for the same content, and the empty tree for an empty work tree", async () => {
    repo = await makeTempRepository();
    const opened = await openRepository(repo.dir);
    expect((await snapshotWorktree(opened)).tree).toBe(opened.emptyTree);
    await repo.write("x.txt", "x\n");
    const first = await snapshotWorktree(opened);
    const second = await snapshotWorktree(opened);
    expect(second.tree).toBe(first.tree);
  });

  it("cleans up its temporary index even when git fails", async () => {
    repo = await makeTempRepository();
    const opened = await openRepository(repo.dir);
    await rm(join(repo.dir, ".git"), { recursive: true });
    await expect(snapshotWorktree(opened)).rejects.toThrow();
  });
});
