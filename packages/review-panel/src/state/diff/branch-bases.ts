// Besides the review's base: the branch against its nearest parent branch (what its pull request would
// show) or another branch the person picks, remembered per repository and branch in the review store
// (GET/POST /api/bases), so every browser, a panel on another port and the terminal agree on it.
import { createContext, createSignal, useContext } from "solid-js";
import type { BranchCommit, ReviewClient, ParentBranch } from "../review-client.js";
import type { Notices } from "../conversation/notices.js";

export type BranchBases = ReturnType<typeof createBranchBases>;

/**
 * The bases slice: the parent branches, and the base picked for the checked-out branch.
 * @example const bases = createBranchBases(api, notices); const from = await bases.load() // "branch:main" or null
 */
export function createBranchBases(client: ReviewClient, notices: Notices) {
  const [branches, setBranches] = createSignal<readonly ParentBranch[]>([]);
  const [picked, setPicked] = createSignal<string | null>(null);
  const [commits, setCommits] = createSignal<readonly BranchCommit[]>([]);
  return {
    branches,
    /** The branch's own commits, newest first, each a diff the picker offers (`view=commit:<sha>`). */
    commits,
    /** The `from` picked for this branch, a branch that is still a parent (else null: the review's base). */
    picked,
    /** Reads the parent branches and the pick; answers the pick. */
    load: async (): Promise<string | null> => {
      const outcome = await client.bases();
      if (!outcome.ok) return (notices.report(outcome.error), null);
      setBranches(outcome.value.branches);
      setPicked(outcome.value.picked);
      setCommits(outcome.value.commits ?? []);
      return outcome.value.picked;
    },
    /** Keeps a picked branch base or view (`view:<view>`) in the store; any other `from` (the base, a round) forgets it. */
    remember: async (from: string): Promise<void> => {
      const next = from.startsWith("branch:") || from.startsWith("view:") ? from : null;
      if (next === picked()) return;
      setPicked(next);
      const outcome = await client.pickBase(next);
      if (!outcome.ok) notices.report(outcome.error);
    },
  };
}

export const BranchBasesContext = createContext<BranchBases>();

/** The bases slice of the enclosing panel, or null outside one. */
export function useBranchBases(): BranchBases | null {
  return useContext(BranchBasesContext) ?? null;
}
