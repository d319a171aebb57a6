import { listFiles } from "./file-list.js";

/**
 * The one short message a release sends to an agent that has the tools: how many, where, what to do.
 * @example renderReleaseNotice({ count: 3, files: ["src/a.ts", "src/b.ts"] })
 * // "The reviewer released 3 comments on src/a.ts, src/b.ts. Call review_list to read them, fix the code, then review_reply to each."
 */
export function renderReleaseNotice(release: { readonly count: number; readonly files: readonly string[] }): string {
  const where = release.files.length > 0 ? ` on ${listFiles(release.files)}` : "";
  if (release.count === 1) {
    return `The reviewer released 1 comment${where}. Call review_list to read it, fix the code, then review_reply to it.`;
  }
  return `The reviewer released ${release.count} comments${where}. Call review_list to read them, fix the code, then review_reply to each.`;
}
