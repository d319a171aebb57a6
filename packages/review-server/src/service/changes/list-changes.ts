import { changesOfBranch } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";
import { changeJson, type ChangeJson } from "./change-json.js";

/**
 * The branch's changes from the review, newest first.
 * @example await listChanges(ctx) // [{ id: "c_…", kind: "undo", file: "a.ts", ... }]
 */
export async function listChanges(ctx: ServiceContext): Promise<ChangeJson[]> {
  const repo = await ctx.repository();
  return (await changesOfBranch(ctx.db, repo.branchKey)).map(changeJson);
}
