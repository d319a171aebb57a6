import { worktreeFiles } from "../../git/index.js";
import type { ServiceContext } from "../service-context.js";
import { fileBytes } from "./file-bytes.js";
import { fileText } from "./file-text.js";

/**
 * The work tree's files as the panels read them: a file's text or bytes at a round, and the list of files.
 * @example await fileOperations(ctx).fileText({ path: "src/a.ts" });
 */
export function fileOperations(ctx: ServiceContext) {
  return {
    fileText: (query: Parameters<typeof fileText>[1]) => fileText(ctx, query),
    /** Every file of the work tree git would list (tracked, and untracked not ignored), changed or not. */
    worktreeFiles: async () => worktreeFiles(await ctx.repository()),
    fileBytes: (query: Parameters<typeof fileBytes>[1]) => fileBytes(ctx, query),
  };
}

export type FileOperations = ReturnType<typeof fileOperations>;
