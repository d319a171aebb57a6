import { mkdtemp, readFile, readdir, rm, unlink, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
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

  it("sees an edit made in the same instant as the last commit (racy git), as git status does", async () => {
    repo = await makeTempRepository();
    // Stat data must match exactly for git to trust it: same size, same mtime, ctime ignored.
    await repo.git("config", "core.trustctime", "false");
    const past = new Date("2020-01-01T00:00:00Z");
    const file = join(repo.dir, "a.txt");
    await repo.write("a.txt", "one\n");
    await utimes(file, past, past);
    await repo.commitAll("one");
    await repo.write("a.txt", "two\n");
    await utimes(file, past, past);
    // The index written in the same instant: git must re-read a.txt rather than trust its stat data.
    await utimes(join(repo.dir, ".git", "index"), past, past);
    expect(await repo.git("status", "--porcelain")).toBe(" M a.txt\n");

    const { tree } = await snapshotWorktree(await openRepository(repo.dir));
    expect(await repo.git("show", `${tree}:a.txt`)).toBe("two\n");
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

  it("cleans up its temporary index, also when git fails", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "a\n");
    const opened = await openRepository(repo.dir);
    const privateTmp = await mkdtemp(join(tmpdir(), "opencode-review-tmp-"));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = privateTmp;
    try {
      await snapshotWorktree(opened);
      expect(await readdir(privateTmp)).toEqual([]);
      await rm(join(repo.dir, ".git"), { recursive: true });
      await expect(snapshotWorktree(opened)).rejects.toThrow();
      expect(await readdir(privateTmp)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      await rm(privateTmp, { recursive: true, force: true });
    }
  });
});

describe("snapshotWorktree with a nested repository", () => {
  it("skips an untracked folder that is a git repository with no commits, keeping the rest", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "a\n");
    await repo.commitAll("one");
    await repo.write("scratch/x.txt", "x\n");
    await repo.git("-C", "scratch", "init", "-q");
    await repo.write("b.txt", "b\n");
    const { tree } = await snapshotWorktree(await openRepository(repo.dir));
    expect(await filesOf(repo, tree)).toEqual(["a.txt", "b.txt"]);
  });
});
