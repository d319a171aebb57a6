import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runGit } from "../run-git.js";

/** A real git repository in a fresh temp folder, for tests. */
export interface TempRepository {
  readonly dir: string;
  /** Runs git in the repository with a test identity. */
  git(...args: string[]): Promise<string>;
  /** Writes a file (creating folders), text or bytes. */
  write(path: string, content: string | Uint8Array): Promise<void>;
  /** Stages everything and commits; returns the new HEAD sha. */
  commitAll(message: string): Promise<string>;
  remove(): Promise<void>;
}

/**
 * Makes an empty repository on branch `main` in a temp folder.
 * @example const r = await makeTempRepository(); await r.write("a.txt", "a\n"); await r.commitAll("one");
 */
export async function makeTempRepository(): Promise<TempRepository> {
  // realpath: git reports real paths (macOS /tmp is /private/tmp), and tests compare against them.
  const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-git-")));
  const git = (...args: string[]) =>
    runGit(dir, ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args]);
  await git("init", "-q", "-b", "main");
  return {
    dir,
    git,
    async write(path, content) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    },
    async commitAll(message) {
      await git("add", "-A");
      await git("commit", "-q", "--allow-empty", "-m", message);
      return (await git("rev-parse", "HEAD")).trim();
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The repositories and folders a test file's tests make, all removed by `removeAll` after each test.
 * @example const temp = tempPlaces(); afterEach(() => temp.removeAll()); const repo = await temp.repository();
 */
export function tempPlaces() {
  const made: string[] = [];
  return {
    /** A repository as makeTempRepository makes it. */
    async repository(): Promise<TempRepository> {
      const repo = await makeTempRepository();
      made.push(repo.dir);
      return repo;
    },
    /** A new empty folder, by its real path (git reports real paths). */
    async folder(prefix = "opencode-review-dir-"): Promise<string> {
      const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
      made.push(dir);
      return dir;
    },
    /** A folder made another way (a linked worktree), removed with the rest. */
    remember(path: string): void {
      made.push(path);
    },
    async removeAll(): Promise<void> {
      for (const path of made.splice(0)) await rm(path, { recursive: true, force: true });
    },
  };
}
