import { openRepository, readHeadFile, type Repository } from "../../git/index.js";

/**
 * Keeps the repository open and re-opens it when HEAD changes (a branch switch, a detached checkout),
 * so every operation sees the branch the person is on for the cost of reading one small file. `opened`
 * is the repository as the caller just opened it, so the first operation does not open it again.
 * @example const repository = trackRepository(process.cwd()); const repo = await repository();
 */
export function trackRepository(dir: string, opened?: Repository): () => Promise<Repository> {
  let cached: { readonly head: string; readonly repo: Repository } | null =
    opened === undefined ? null : { head: readHeadFile(opened), repo: opened };
  // Callers arriving while a look is under way share it: fifty panels listing at once read HEAD once.
  let looking: Promise<Repository> | null = null;
  const look = async () => {
    if (cached !== null && readHeadFile(cached.repo) === cached.head) return cached.repo;
    const repo = await openRepository(dir);
    cached = { head: readHeadFile(repo), repo };
    return repo;
  };
  return () => (looking ??= look().finally(() => (looking = null)));
}
