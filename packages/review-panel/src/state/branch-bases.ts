// Besides the review's base: the branch against its nearest parent branch (what its pull request would
// show) or another branch the person picks, remembered per repository and branch in this browser.
import { createContext, createSignal, useContext } from "solid-js";
import type { Api, ParentBranch } from "../api.js";
import type { Notices } from "./notices.js";

const prefix = "opencode-review:base:";

export type BranchBases = ReturnType<typeof createBranchBases>;

/**
 * The bases slice: the parent branches, and the base picked last on this repository and branch.
 * @example const bases = createBranchBases(api, localStorage, notices); await bases.load(); bases.remembered("/repo", "work")
 */
export function createBranchBases(api: Api, storage: Storage | null, notices: Notices) {
  const [branches, setBranches] = createSignal<readonly ParentBranch[]>([]);
  const key = (repo: string, branch: string) => `${prefix}${repo}\u0000${branch}`;
  return {
    branches,
    load: async (): Promise<void> => {
      const outcome = await api.bases();
      if (outcome.ok) setBranches(outcome.value.branches);
      else notices.report(outcome.error);
    },
    /** The `from` picked last here when it is a branch that is still a parent, else null (the review's base). */
    remembered: (repo: string, branch: string): string | null => {
      let from: string | null = null;
      try {
        from = storage?.getItem(key(repo, branch)) ?? null;
      } catch {
        from = null;
      }
      return from !== null && branches().some((b) => `branch:${b.name}` === from) ? from : null;
    },
    /** Keeps a picked branch base; any other `from` (the base, a round) forgets it. */
    remember: (repo: string, branch: string, from: string) => {
      try {
        if (from.startsWith("branch:")) storage?.setItem(key(repo, branch), from);
        else storage?.removeItem(key(repo, branch));
      } catch {
        // Without storage the pick lasts for this visit.
      }
    },
  };
}

export const BranchBasesContext = createContext<BranchBases>();

/** The bases slice of the enclosing panel, or null outside one. */
export function useBranchBases(): BranchBases | null {
  return useContext(BranchBasesContext) ?? null;
}
