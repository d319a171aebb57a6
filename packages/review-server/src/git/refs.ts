import { existsSync } from "node:fs";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ReviewError } from "@opencode-review/core";
import type { Repository } from "./open-repository.js";
import { execGit, runGit } from "./run-git.js";

/** Every ref this project writes lives under this prefix, so no branch, tag or stash is ever touched. */
export const REF_PREFIX = "refs/opencode-review/";

export interface RefEntry {
  readonly ref: string;
  readonly sha: string;
}

export interface UpdateRefOptions {
  /** The value the ref must have now for the update to happen: a sha, or null for "must not exist yet". */
  readonly expected?: string | null;
}

function ownRef(ref: string): string {
  if (!ref.startsWith(REF_PREFIX) || ref.length === REF_PREFIX.length) {
    throw new ReviewError(
      "invalid_input",
      `Refusing to write ${ref}: only refs under ${REF_PREFIX} are ours to change.`,
    );
  }
  return ref;
}

async function readRef(repo: Pick<Repository, "workTree">, ref: string): Promise<string | null> {
  const result = await execGit(repo.workTree, ["rev-parse", "-q", "--verify", `${ref}^{object}`]);
  return result.exitCode === 0 ? result.stdout.toString("utf8").trim() : null;
}

/**
 * Points a ref under refs/opencode-review/ at a commit; returns false when `expected` no longer holds
 * (another process moved or made the ref first).
 * @example await updateRef(repo, "refs/opencode-review/main/1", sha, { expected: null }) // true
 */
export async function updateRef(
  repo: Pick<Repository, "workTree">,
  ref: string,
  sha: string,
  options: UpdateRefOptions = {},
): Promise<boolean> {
  ownRef(ref);
  // `create` and `update <new> <old>` let git check the old value under its lock: no race between processes.
  const command =
    options.expected === undefined
      ? `update ${ref} ${sha}\n`
      : options.expected === null
        ? `create ${ref} ${sha}\n`
        : `update ${ref} ${sha} ${options.expected}\n`;
  const result = await execGit(repo.workTree, ["update-ref", "-m", "opencode-review", "--stdin"], { input: command });
  if (result.exitCode === 0) return true;
  if (options.expected !== undefined) {
    const now = await readRef(repo, ref);
    if (now !== options.expected) return false;
  }
  throw new ReviewError("internal", `git update-ref ${ref} failed: ${result.stderr.trim().split("\n")[0] ?? ""}`, {
    stderr: result.stderr,
  });
}

/**
 * Deletes a ref under refs/opencode-review/; deleting one that does not exist is not an error.
 * @example await deleteRef(repo, "refs/opencode-review/main/3");
 */
export async function deleteRef(repo: Pick<Repository, "workTree">, ref: string): Promise<void> {
  ownRef(ref);
  if ((await readRef(repo, ref)) === null) return;
  await runGit(repo.workTree, ["update-ref", "-m", "opencode-review", "-d", ref]);
}

/**
 * Lists the refs whose names start with `prefix` (whole path segments), with the object each points at.
 * @example await listRefs(repo, "refs/opencode-review/main/") // [{ ref: "refs/opencode-review/main/1", sha }]
 */
export async function listRefs(repo: Pick<Repository, "workTree">, prefix: string): Promise<readonly RefEntry[]> {
  const out = await runGit(repo.workTree, ["for-each-ref", "--format=%(objectname) %(refname)", prefix]);
  const entries: RefEntry[] = [];
  for (const line of out.split("\n")) {
    const space = line.indexOf(" ");
    if (space > 0) entries.push({ sha: line.slice(0, space), ref: line.slice(space + 1) });
  }
  return entries;
}

/**
 * Creates a ref under refs/opencode-review/ that must not exist yet; false when it does (another process
 * made it first). With git's usual files backend the ref is written the way git writes it (an exclusive
 * `.lock` file renamed into place), which saves a git process on every round; other backends (reftable)
 * go through `git update-ref`.
 * @example await createRef(repo, "refs/opencode-review/main/2", sha) // true
 */
export async function createRef(
  repo: Pick<Repository, "workTree" | "commonDir">,
  ref: string,
  sha: string,
): Promise<boolean> {
  ownRef(ref);
  if (existsSync(join(repo.commonDir, "reftable"))) return updateRef(repo, ref, sha, { expected: null });
  const path = join(repo.commonDir, ...ref.split("/"));
  await mkdir(dirname(path), { recursive: true });
  let lock: Awaited<ReturnType<typeof open>> | undefined;
  try {
    lock = await open(`${path}.lock`, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    if (existsSync(path) || (await packedRefNames(repo.commonDir)).has(ref)) return false;
    await lock.writeFile(`${sha}\n`);
    await lock.close();
    lock = undefined;
    await rename(`${path}.lock`, path);
    return true;
  } finally {
    if (lock !== undefined) {
      await lock.close();
      await rm(`${path}.lock`, { force: true });
    }
  }
}

async function packedRefNames(commonDir: string): Promise<Set<string>> {
  const text = await readFile(join(commonDir, "packed-refs"), "utf8").catch(() => "");
  const names = new Set<string>();
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.startsWith("^")) continue;
    const space = line.indexOf(" ");
    if (space > 0) names.add(line.slice(space + 1).trim());
  }
  return names;
}
