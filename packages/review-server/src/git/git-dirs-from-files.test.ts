import { chown, mkdir, rename, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gitDirsFromFiles } from "./git-dirs-from-files.js";
import { gitDirsFromGit, openRepository } from "./open-repository.js";
import { runGit } from "./run-git.js";
import { tempPlaces, type TempRepository } from "./testing/temp-repository.js";

// Opening a repository reads its folders from the files; each case here is checked against git's own answer
// (`rev-parse`), and the cases the files cannot settle must be left to git.
const temp = tempPlaces();
let repo: TempRepository | undefined;
afterEach(async () => {
  repo = undefined;
  await temp.removeAll();
});
const tempDir = () => temp.folder();

/** The files' answer, which must be there and equal git's. */
async function sameAsGit(dir: string) {
  const fromFiles = gitDirsFromFiles(dir);
  expect(fromFiles).not.toBeNull();
  expect(fromFiles).toEqual(await gitDirsFromGit(dir));
  return fromFiles!;
}

describe("gitDirsFromFiles answers as git does", () => {
  it("in a repository, from its top and from a subfolder", async () => {
    repo = await temp.repository();
    await repo.write("src/deep/a.ts", "a\n");
    await repo.commitAll("one");
    expect(await sameAsGit(repo.dir)).toEqual({
      workTree: repo.dir,
      gitDir: join(repo.dir, ".git"),
      commonDir: join(repo.dir, ".git"),
      objectFormat: "sha1",
    });
    expect((await sameAsGit(join(repo.dir, "src", "deep"))).workTree).toBe(repo.dir);
  });

  it("in a sha256 repository", async () => {
    const dir = await tempDir();
    await runGit(dir, ["init", "-q", "--object-format=sha256", "-b", "main"]);
    expect((await sameAsGit(dir)).objectFormat).toBe("sha256");
  });

  it("in a linked worktree, whose .git file names its git directory and commondir the shared one", async () => {
    repo = await temp.repository();
    await repo.write("src/a.ts", "a\n");
    await repo.commitAll("one");
    const linked = join(await tempDir(), "linked");
    await repo.git("worktree", "add", "-q", "-b", "side", linked);
    const dirs = await sameAsGit(join(linked, "src"));
    expect(dirs).toMatchObject({
      workTree: linked,
      gitDir: join(repo.dir, ".git", "worktrees", "linked"),
      commonDir: join(repo.dir, ".git"),
    });
    expect((await openRepository(linked)).branch).toBe("side");
  });

  it("with the git directory elsewhere, named by a relative path (as a submodule's is)", async () => {
    const parent = await tempDir();
    const work = join(parent, "work");
    await mkdir(work);
    await runGit(work, ["init", "-q", "-b", "main"]);
    await mkdir(join(parent, "modules"));
    await rename(join(work, ".git"), join(parent, "modules", "work"));
    await writeFile(join(work, ".git"), "gitdir: ../modules/work\n");
    expect(await sameAsGit(work)).toMatchObject({ workTree: work, gitDir: join(parent, "modules", "work") });
  });

  it("through a symlinked folder: the real path, as git gives it", async () => {
    repo = await temp.repository();
    await repo.write("src/a.ts", "a\n");
    const link = join(await tempDir(), "link");
    await symlink(join(repo.dir, "src"), link);
    expect((await sameAsGit(link)).workTree).toBe(repo.dir);
  });
});

describe("gitDirsFromFiles leaves to git what it cannot be sure of", () => {
  it("a config that moves the work tree (core.worktree) or makes the repository bare", async () => {
    repo = await temp.repository();
    const elsewhere = await tempDir();
    await repo.git("config", "core.worktree", elsewhere);
    expect(gitDirsFromFiles(repo.dir)).toBeNull();
    await repo.git("config", "--unset", "core.worktree");
    expect(gitDirsFromFiles(repo.dir)).not.toBeNull();
    await repo.git("config", "core.bare", "true");
    expect(gitDirsFromFiles(repo.dir)).toBeNull();
    await repo.git("config", "core.bare", "false");
    await repo.git("config", "include.path", "/dev/null");
    expect(gitDirsFromFiles(repo.dir)).toBeNull();
  });

  it("git's discovery variables in the environment", async () => {
    repo = await temp.repository();
    expect(gitDirsFromFiles(repo.dir, { GIT_DIR: join(repo.dir, ".git") })).toBeNull();
    expect(gitDirsFromFiles(repo.dir, { GIT_CEILING_DIRECTORIES: repo.dir })).toBeNull();
    expect(gitDirsFromFiles(repo.dir, {})).not.toBeNull();
  });

  it("a folder inside the git directory, and a folder in no repository: openRepository says what git says", async () => {
    repo = await temp.repository();
    expect(gitDirsFromFiles(join(repo.dir, ".git", "refs"))).toBeNull();
    await expect(openRepository(join(repo.dir, ".git", "refs"))).rejects.toMatchObject({
      code: "not_git",
      message: expect.stringMatching(/inside a git directory/),
    });
    const plain = await tempDir();
    expect(gitDirsFromFiles(plain)).toBeNull();
    await expect(openRepository(plain)).rejects.toMatchObject({ code: "not_git" });
  });

  it.runIf(process.getuid?.() === 0)("a repository another user owns (git's safe.directory check)", async () => {
    repo = await temp.repository();
    await chown(repo.dir, 4242, 4242);
    expect(gitDirsFromFiles(repo.dir)).toBeNull();
    // git's answer stands, whatever it is: here, as root, it refuses the repository.
    const byGit = await gitDirsFromGit(repo.dir).then(
      (dirs) => dirs.workTree,
      (error: { code: string }) => error.code,
    );
    const opened = await openRepository(repo.dir).then(
      (r) => r.workTree,
      (error: { code: string }) => error.code,
    );
    expect(opened).toBe(byGit);
  });
});
