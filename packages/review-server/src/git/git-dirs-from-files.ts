import { lstatSync, readFileSync, realpathSync, type Stats } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** Where a work tree's git data is, as `git rev-parse --show-toplevel --git-dir --git-common-dir` says. */
export interface GitDirs {
  readonly workTree: string;
  readonly gitDir: string;
  readonly commonDir: string;
  /** `sha1` or `sha256`. */
  readonly objectFormat: string;
}

// Any of these changes how git finds a repository; with one set, only git can tell.
const DISCOVERY_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
  "GIT_CONFIG",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
];

/**
 * Finds the work tree holding `dir` the way git does in the ordinary case, from the files alone: walking up
 * from `dir` to the first `.git` folder, or `.git` file naming a git directory (a linked worktree, a
 * submodule), then `commondir` and the repository's config for the object format. Opening a repository then
 * costs no git process at all (it cost one `rev-parse`, the largest part of opening it in a fresh process).
 * Null whenever git could answer otherwise, so the caller asks git instead: a discovery variable in the
 * environment, a folder or git directory owned by another user (git's safe.directory check), a config that
 * sets `core.worktree`, `core.bare`, includes other files or uses an unknown repository format, a `.git`
 * that is a symlink, a walk that crosses into another file system or starts inside a git directory, or
 * anything that cannot be read. Synchronous: a few small files, read once when the repository is opened.
 * @example gitDirsFromFiles("/repo/src") // { workTree: "/repo", gitDir: "/repo/.git", commonDir: "/repo/.git", objectFormat: "sha1" }
 */
export function gitDirsFromFiles(dir: string, env: NodeJS.ProcessEnv = process.env): GitDirs | null {
  if (DISCOVERY_ENV.some((name) => env[name] !== undefined)) return null;
  try {
    // git walks the physical path (its getcwd), so symlinks on the way are resolved first.
    const start = realpathSync(dir);
    const device = lstatSync(start).dev;
    for (let at = start; ; at = dirname(at)) {
      const dotGit = lstatSync(join(at, ".git"), { throwIfNoEntry: false });
      if (dotGit !== undefined) return found(start, at, dotGit);
      // Inside a git directory (or a bare repository) git has no work tree to give.
      if (looksLikeGitDir(at)) return null;
      const parent = dirname(at);
      if (parent === at) return null;
      if (lstatSync(parent).dev !== device) return null;
    }
  } catch {
    return null;
  }
}

function found(start: string, workTree: string, dotGit: Stats): GitDirs | null {
  let gitDir: string;
  if (dotGit.isDirectory()) gitDir = join(workTree, ".git");
  else if (dotGit.isFile()) {
    const named = /^gitdir: (.+?)\r?\n?$/.exec(readFileSync(join(workTree, ".git"), "utf8"))?.[1];
    if (named === undefined) return null;
    gitDir = realpathSync(resolve(workTree, named));
  } else return null;
  if (!looksLikeGitDir(gitDir) || within(start, gitDir)) return null;

  const commondir = readOptional(join(gitDir, "commondir"));
  const commonDir = commondir === null ? gitDir : realpathSync(resolve(gitDir, commondir.trim()));
  if (!ownedByUs(workTree) || !ownedByUs(gitDir) || !ownedByUs(commonDir)) return null;

  const objectFormat = objectFormatOf(readOptional(join(commonDir, "config")) ?? "");
  return objectFormat === null ? null : { workTree, gitDir, commonDir, objectFormat };
}

/** A git directory has HEAD and either objects of its own or a `commondir` pointing at them. */
function looksLikeGitDir(path: string): boolean {
  const head = lstatSync(join(path, "HEAD"), { throwIfNoEntry: false });
  if (head === undefined || !head.isFile()) return false;
  return (
    lstatSync(join(path, "objects"), { throwIfNoEntry: false })?.isDirectory() === true ||
    lstatSync(join(path, "commondir"), { throwIfNoEntry: false })?.isFile() === true
  );
}

function within(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** git refuses a repository another user owns, unless safe.directory says otherwise; only git reads that. */
function ownedByUs(path: string): boolean {
  const uid = process.getuid?.();
  return uid === undefined || lstatSync(path).uid === uid;
}

/**
 * The object format the config sets (`sha1` when none), or null when the config holds anything that could
 * change where the work tree is or how the repository reads: `core.worktree`, `core.bare = true`, an
 * include, per-worktree config, or a repository format this reading does not know.
 */
function objectFormatOf(config: string): string | null {
  let section = "";
  let format = "sha1";
  for (const raw of config.split("\n")) {
    const line = raw.replace(/[;#].*$/, "").trim();
    if (line === "") continue;
    const header = /^\[\s*([^\]\s"]+)(?:\s+"[^"]*")?\s*\]$/.exec(line);
    if (header !== null) {
      section = header[1]!.toLowerCase();
      if (section === "include" || section === "includeif") return null;
      continue;
    }
    if (line.startsWith("[")) return null;
    const [key = "", value = "true"] = line.split("=", 2).map((part) => part.trim());
    const name = `${section}.${key.toLowerCase()}`;
    const lower = value.toLowerCase();
    if (name === "core.worktree") return null;
    if (name === "core.bare" && !["false", "no", "off", "0"].includes(lower)) return null;
    if (name === "core.repositoryformatversion" && !["0", "1"].includes(lower)) return null;
    if (name === "extensions.worktreeconfig" && !["false", "no", "off", "0"].includes(lower)) return null;
    if (name === "extensions.objectformat") {
      if (lower !== "sha1" && lower !== "sha256") return null;
      format = lower;
    }
  }
  return format;
}

function readOptional(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
