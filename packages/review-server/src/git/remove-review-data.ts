import { rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { defaultDbPath } from "./default-db-path.js";
import type { Repository } from "./open-repository.js";
import { deleteRef, listRefs, REF_PREFIX } from "./refs.js";

/** What opencode-review keeps in a repository: the store folder and the refs that keep rounds alive. */
export interface ReviewData {
  /** The store's folder (`<git common dir>/opencode-review`), or null when there is none. */
  readonly storeDir: string | null;
  /** Every ref under `refs/opencode-review/`, in every branch's folder. */
  readonly refs: readonly string[];
}

/**
 * Finds what opencode-review wrote into a repository, without changing anything.
 * @example await findReviewData(repo) // { storeDir: "/app/.git/opencode-review", refs: ["refs/opencode-review/main/1"] }
 */
export async function findReviewData(repo: Pick<Repository, "workTree" | "commonDir">): Promise<ReviewData> {
  const storeDir = dirname(defaultDbPath(repo));
  const refs = (await listRefs(repo, REF_PREFIX)).map((entry) => entry.ref);
  return { storeDir: existsSync(storeDir) ? storeDir : null, refs };
}

/**
 * Deletes the store folder and the round refs; the commits they kept alive go with git's next gc.
 * The work tree, the index, HEAD and every branch are left as they are.
 * @example await removeReviewData(repo, await findReviewData(repo));
 */
export async function removeReviewData(
  repo: Pick<Repository, "workTree" | "commonDir">,
  data: ReviewData,
): Promise<void> {
  for (const ref of data.refs) await deleteRef(repo, ref);
  if (data.storeDir !== null) await rm(data.storeDir, { recursive: true, force: true });
}
