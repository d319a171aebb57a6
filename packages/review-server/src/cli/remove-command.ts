import { resolve } from "node:path";
import { existsSync } from "node:fs";
import {
  defaultDbPath,
  deleteRef,
  dropBranchView,
  findReviewData,
  listRefs,
  openRepository,
  removeReviewData,
  roundRefPrefix,
  type Repository,
} from "../git/index.js";
import { dropBranchReview, openStore, writeTransaction } from "../store/index.js";
import { EXIT_FAILED, EXIT_OK, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import { livePanels } from "./live-panels.js";
import type { FlagValues } from "./parse-flags.js";

const help = `Usage: opencode-review remove [--repo DIR] [--branch NAME] [--dry-run]

Deletes everything opencode-review keeps for a repository: the review store (threads, drafts, releases:
<git common dir>/opencode-review/) and the refs under refs/opencode-review/ that keep each round's snapshot
commit alive. The work tree, the index, HEAD and your branches are not touched. It cannot be undone.

  --repo DIR    a folder inside the repository (default: the current folder)
  --branch NAME drop one branch's review only (its threads, releases, rounds and their refs); the rest stays
  --dry-run     print what would be deleted, delete nothing
  --help        this text

Refused while a panel or the opencode plugin is running for the repository: stop it first.
A store placed elsewhere with the plugin's dbPath option is not found; delete that file yourself.`;

async function remove(flags: FlagValues, io: CliIo): Promise<number> {
  const repo = await openRepository(resolve(io.cwd, typeof flags.repo === "string" ? flags.repo : "."));
  if (typeof flags.branch === "string") return removeBranch(repo, flags.branch, flags["dry-run"] === true, io);
  const data = await findReviewData(repo);
  if (data.storeDir === null && data.refs.length === 0) {
    io.out(`Nothing to remove: opencode-review keeps nothing in ${repo.workTree}.`);
    return EXIT_OK;
  }
  const what = [
    ...(data.storeDir === null ? [] : [`the review store ${data.storeDir}`]),
    ...(data.refs.length === 0
      ? []
      : [`${data.refs.length} round ref${data.refs.length === 1 ? "" : "s"} under refs/opencode-review/`]),
  ].join(" and ");
  if (flags["dry-run"] === true) {
    io.out(`Would remove ${what}.`);
    return EXIT_OK;
  }
  // A running server would go on writing into a deleted file and lose what it is told; ask for it to stop.
  const running = await livePanels(repo);
  if (running.length > 0) {
    io.err(
      `a review server is running for ${repo.workTree} (${running.map((p) => `pid ${p.pid}`).join(", ")}); stop it (quit opencode or Ctrl-C the serve command), then run remove again`,
    );
    return EXIT_FAILED;
  }
  await removeReviewData(repo, data);
  io.out(`Removed ${what}.`);
  return EXIT_OK;
}

/**
 * `remove --branch NAME`: one branch's review out of the store (a running panel may stay: the store is not
 * deleted, and the branch's rows go in one transaction), its round refs, and its read-only view if any.
 */
async function removeBranch(repo: Repository, branch: string, dryRun: boolean, io: CliIo): Promise<number> {
  const path = defaultDbPath(repo);
  const refs = (await listRefs(repo, roundRefPrefix(branch))).map((entry) => entry.ref);
  if (!existsSync(path) && refs.length === 0) {
    io.out(`Nothing to remove: opencode-review keeps no review of ${branch}.`);
    return EXIT_OK;
  }
  if (dryRun) {
    io.out(`Would remove the review of ${branch} and ${refs.length} round ref${refs.length === 1 ? "" : "s"}.`);
    return EXIT_OK;
  }
  let dropped = { threads: 0, rounds: 0 };
  if (existsSync(path)) {
    const store = await openStore({ path });
    try {
      dropped = await writeTransaction(store.db, (trx) => dropBranchReview(trx, branch));
    } finally {
      await store.close();
    }
  }
  for (const ref of refs) await deleteRef(repo, ref);
  await dropBranchView(repo, branch);
  io.out(
    `Removed the review of ${branch}: ${dropped.threads} thread${dropped.threads === 1 ? "" : "s"}, ${dropped.rounds} round${dropped.rounds === 1 ? "" : "s"} and ${refs.length} round ref${refs.length === 1 ? "" : "s"}.`,
  );
  return EXIT_OK;
}

/** `opencode-review remove`: deletes the store and round refs of a repository. */
export const removeCommand: CliCommand = {
  name: "remove",
  summary: "delete the review store and round refs of this repository",
  help,
  flags: { repo: "value", branch: "value", "dry-run": "switch", help: "switch" },
  run: remove,
};
