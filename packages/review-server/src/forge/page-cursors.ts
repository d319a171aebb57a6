import { ReviewError } from "@opencode-review/core";

// 1,000 pages of 100 are 100,000 threads (or comments of one thread): far past any pull request.
const MAX_PAGES = 1000;

/**
 * Guards a paginated read against a forge whose cursor never ends: a cursor seen before, a missing one
 * with more pages promised, or more pages than any pull request has, fail with one line instead of
 * reading forever.
 * @example const cursors = pageCursors("GitHub"); after = cursors.next(page.pageInfo);
 */
export function pageCursors(forgeName: string): { next(pageInfo: { readonly endCursor: string | null }): string } {
  const seen = new Set<string>();
  return {
    next({ endCursor }) {
      if (endCursor === null || endCursor === "" || seen.has(endCursor) || seen.size >= MAX_PAGES) {
        throw new ReviewError(
          "forge_unreachable",
          `${forgeName} promised another page but ${endCursor === null || endCursor === "" ? "gave no cursor for it" : seen.has(endCursor) ? "gave a cursor it gave before" : `kept paging past ${MAX_PAGES} pages`}; nothing was stored: pull again later.`,
        );
      }
      seen.add(endCursor);
      return endCursor;
    },
  };
}
