import { execGit } from "./run-git.js";

/**
 * The installed git's version (`git --version`), or null when no git can be run from this process's PATH.
 * @example await gitVersion(process.cwd()) // "2.39.5"
 */
export async function gitVersion(cwd: string): Promise<string | null> {
  try {
    const { exitCode, stdout } = await execGit(cwd, ["--version"]);
    if (exitCode !== 0) return null;
    return /git version (\S+)/.exec(stdout.toString("utf8"))?.[1] ?? stdout.toString("utf8").trim();
  } catch {
    return null;
  }
}
