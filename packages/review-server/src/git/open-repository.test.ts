import { mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ReviewError } from "@opencode-review/core";
import { defaultDbPath } from "./default-db-path.js";
import { openRepository } from "./open-repository.js";
import { EMPTY_TREE, resolveHead } from "./resolve-head.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";

let repo: TempRepository | undefined;
const extra: string[] = [];
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
  for (const dir of extra.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("openRepository", () => {
  it("finds the work tree from a subfolder and reads the branch and HEAD", async () => {
    repo = await makeTempRepository();
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
    repo = await makeTempRepository();
    const head = await repo.commitAll("one");
    await repo.git("checkout", "-q", "--detach");
    const opened = await openRepository(repo.dir);
    expect(opened.branch).toBeNull();
    expect(opened.head).toBe(head);
    expect(opened.branchKey).toBe(`detached:${head}`);
  });

  it("reads a repository with no commits: unborn branch, base is the empty tree", async () => {
    repo = await makeTempRepository();
    const opened = await openRepository(repo.dir);
    expect(opened.branch).toBe("main");
    expect(opened.head).toBeNull();
    expect(opened.branchKey).toBe("main");
    expect(await resolveHead(opened)).toBe(EMPTY_TREE);
  });

  it("keys a branch with slashes by its full short name", async () => {
    repo = await makeTempRepository();
    await repo.commitAll("one");
    await repo.git("checkout", "-q", "-b", "feature/login");
    expect((await openRepository(repo.dir)).branchKey).toBe("feature/login");
  });

  it("separates gitDir and commonDir in a linked worktree", async () => {
    repo = await makeTempRepository();
    await repo.commitAll("one");
    const linked = join(repo.dir, "..", `${repo.dir.split("/").pop()}-linked`);
    extra.push(linked);
    await repo.git("worktree", "add", "-q", "-b", "side", linked);
    const opened = await openRepository(linked);
    expect(opened.workTree).toBe(linked);
    expect(opened.commonDir).toBe(join(repo.dir, ".git"));
    expect(opened.gitDir).toMatch(/\.git\/worktrees\//);
    expect(opened.branchKey).toBe("side");
  });

  it("refuses a folder outside any repository with one clear not_git error", async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-nogit-")));
    extra.push(dir);
    const error = await openRepository(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReviewError);
    expect((error as ReviewError).code).toBe("not_git");
    expect((error as ReviewError).message).toBe(
      `${dir} is not inside a git repository. Run git init there, or start from your project's folder.`,
    );
  });

  it("refuses a folder that does not exist, and the .git folder itself", async () => {
    repo = await makeTempRepository();
    const missing = await openRepository(join(repo.dir, "nope")).catch((e: unknown) => e);
    expect((missing as ReviewError).code).toBe("not_git");
    await mkdir(join(repo.dir, ".git", "x"), { recursive: true });
    const inside = await openRepository(join(repo.dir, ".git")).catch((e: unknown) => e);
    expect((inside as ReviewError).code).toBe("not_git");
    expect((inside as ReviewError).message).not.toMatch(/fatal/);
  });
});
