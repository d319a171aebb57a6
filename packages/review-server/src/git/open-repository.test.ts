import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ReviewError } from "@opencode-review/core";
import { defaultDbPath } from "./default-db-path.js";
import { openRepository } from "./open-repository.js";
import { execGit } from "./run-git.js";
import { headFromFiles } from "./head-from-files.js";
import { EMPTY_TREE, resolveHead } from "./resolve-head.js";
import { tempPlaces, type TempRepository } from "./testing/temp-repository.js";

const temp = tempPlaces();
let repo: TempRepository | undefined;
afterEach(async () => {
  repo = undefined;
  await temp.removeAll();
});

describe("openRepository", () => {
  it("finds the work tree from a subfolder and reads the branch and HEAD", async () => {
    repo = await temp.repository();
    await repo.write("src/deep/a.ts", "a\n");
    const head = await repo.commitAll("one");
    const opened = await openRepository(join(repo.dir, "src", "deep"));
    expect(opened).toEqual({
      workTree: repo.dir,
      gitDir: join(repo.dir, ".git"),
      commonDir: join(repo.dir, ".git"),
      branch: "main",
      head,
      branchKey: "main",
      emptyTree: EMPTY_TREE,
    });
    expect(defaultDbPath(opened)).toBe(join(repo.dir, ".git", "opencode-review", "review.sqlite"));
    expect(await resolveHead(opened)).toBe(head);
  });

  it("keys a detached HEAD by its commit", async () => {
    repo = await temp.repository();
    const head = await repo.commitAll("one");
    await repo.git("checkout", "-q", "--detach");
    const opened = await openRepository(repo.dir);
    expect(opened.branch).toBeNull();
    expect(opened.head).toBe(head);
    expect(opened.branchKey).toBe(`detached:${head}`);
  });

  it("reads a repository with no commits: unborn branch, base is the empty tree", async () => {
    repo = await temp.repository();
    const opened = await openRepository(repo.dir);
    expect(opened.branch).toBe("main");
    expect(opened.head).toBeNull();
    expect(opened.branchKey).toBe("main");
    expect(await resolveHead(opened)).toBe(EMPTY_TREE);
  });

  it("keys a branch with slashes by its full short name", async () => {
    repo = await temp.repository();
    await repo.commitAll("one");
    await repo.git("checkout", "-q", "-b", "feature/login");
    expect((await openRepository(repo.dir)).branchKey).toBe("feature/login");
  });

  it("separates gitDir and commonDir in a linked worktree", async () => {
    repo = await temp.repository();
    await repo.commitAll("one");
    const linked = join(repo.dir, "..", `${repo.dir.split("/").pop()}-linked`);
    temp.remember(linked);
    await repo.git("worktree", "add", "-q", "-b", "side", linked);
    const opened = await openRepository(linked);
    expect(opened.workTree).toBe(linked);
    expect(opened.commonDir).toBe(join(repo.dir, ".git"));
    expect(opened.gitDir).toMatch(/\.git\/worktrees\//);
    expect(opened.branchKey).toBe("side");
  });

  it("refuses a folder outside any repository with one clear not_git error", async () => {
    const dir = await temp.folder("opencode-review-nogit-");
    const error = await openRepository(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReviewError);
    expect((error as ReviewError).code).toBe("not_git");
    expect((error as ReviewError).message).toBe(
      `${dir} is not inside a git repository. Run git init there, or start from your project's folder.`,
    );
  });

  it("reads HEAD from git's files as git reads it: packed refs, a loose ref over a packed one, a sha256 repository", async () => {
    repo = await temp.repository();
    const first = await repo.commitAll("one");
    await repo.git("pack-refs", "--all");
    // The branch is now only a line of packed-refs.
    expect(headFromFiles(join(repo.dir, ".git"), join(repo.dir, ".git"), 40)).toEqual({ branch: "main", head: first });
    expect((await openRepository(repo.dir)).head).toBe(first);
    const second = await repo.commitAll("two");
    expect(second).not.toBe(first);
    // A commit writes a loose ref again; it wins over the stale packed line.
    expect((await openRepository(repo.dir)).head).toBe(second);
    expect(await gitsHead(repo.dir)).toEqual({ branch: "main", head: second });

    const sha256 = await temp.repository();
    await sha256.git("init", "-q", "--object-format=sha256", join(sha256.dir, "s"));
    await sha256.git("-C", "s", "commit", "-q", "--allow-empty", "-m", "one");
    const opened = await openRepository(join(sha256.dir, "s"));
    expect(opened.head).toMatch(/^[0-9a-f]{64}$/);
    expect({ branch: opened.branch, head: opened.head }).toEqual(await gitsHead(join(sha256.dir, "s")));
  });

  it("asks git when the files hold what it is not sure of: a symbolic branch, reftable storage, odd content", async () => {
    repo = await temp.repository();
    await repo.commitAll("one");
    const gitDir = join(repo.dir, ".git");
    // HEAD -> refs/heads/alias -> refs/heads/main: what git makes of that chain is git's to say.
    await repo.git("symbolic-ref", "refs/heads/alias", "refs/heads/main");
    await repo.git("symbolic-ref", "HEAD", "refs/heads/alias");
    expect(headFromFiles(gitDir, gitDir, 40)).toBeNull();
    const aliased = await openRepository(repo.dir);
    expect({ branch: aliased.branch, head: aliased.head }).toEqual(await gitsHead(repo.dir));

    await repo.git("symbolic-ref", "HEAD", "refs/heads/main");
    expect(headFromFiles(gitDir, gitDir, 40)).not.toBeNull();
    await mkdir(join(gitDir, "reftable"));
    expect(headFromFiles(gitDir, gitDir, 40)).toBeNull();
    expect((await openRepository(repo.dir)).branch).toBe("main");
    await rm(join(gitDir, "reftable"), { recursive: true });
    expect(headFromFiles(gitDir, gitDir, 64)).toBeNull();
  });

  it("refuses a folder that does not exist, and the .git folder itself", async () => {
    repo = await temp.repository();
    const missing = await openRepository(join(repo.dir, "nope")).catch((e: unknown) => e);
    expect((missing as ReviewError).code).toBe("not_git");
    await mkdir(join(repo.dir, ".git", "x"), { recursive: true });
    const inside = await openRepository(join(repo.dir, ".git")).catch((e: unknown) => e);
    expect((inside as ReviewError).code).toBe("not_git");
    expect((inside as ReviewError).message).not.toMatch(/fatal/);
  });
});

/** HEAD as git's own commands read it, to compare openRepository with. */
async function gitsHead(dir: string): Promise<{ branch: string | null; head: string | null }> {
  const run = (...args: string[]) => execGit(dir, args);
  const [symbolic, verified] = await Promise.all([
    run("symbolic-ref", "-q", "HEAD"),
    run("rev-parse", "-q", "--verify", "HEAD^{commit}"),
  ]);
  return {
    branch:
      symbolic.exitCode === 0
        ? symbolic.stdout
            .toString("utf8")
            .trim()
            .replace(/^refs\/heads\//, "")
        : null,
    head: verified.exitCode === 0 ? verified.stdout.toString("utf8").trim() : null,
  };
}
