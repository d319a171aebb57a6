import type { ForgeOperations } from "../service/index.js";

/**
 * How long `review_list` waits for a forge pull under way before it lists without it. The pull on start
 * of a pull request with a few hundred comments takes a second or two on GitHub (a handful of pages of
 * GraphQL); five seconds covers that on a slow forge or a loaded machine, and is still short enough that
 * the model, and the person watching it, do not take the tool for hung.
 */
export const FORGE_PULL_WAIT_MS = 5_000;

/** The line `review_list` adds when the pull is still running after the wait. */
export const STILL_FETCHING =
  "The pull request's comments are still being fetched from the forge: call review_list again in a moment to see them.";

/**
 * Waits for the forge pulls under way (none: returns at once) for at most `limitMs`; true when one is still
 * running after it. A pull that fails counts as ended: the listing shows what is there.
 * @example if (await forgePullStillRunning(service, FORGE_PULL_WAIT_MS)) output = `${STILL_FETCHING}\n\n${output}`;
 */
export async function forgePullStillRunning(service: ForgeOperations, limitMs: number): Promise<boolean> {
  const pulls = service.forgePullsUnderWay();
  if (pulls.length === 0) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<true>((done) => (timer = setTimeout(() => done(true), limitMs)));
  try {
    return await Promise.race([Promise.all(pulls).then(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
