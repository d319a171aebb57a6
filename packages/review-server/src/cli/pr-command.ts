import { resolve } from "node:path";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService, type ForgeOperations } from "../service/index.js";
import { openStore } from "../store/index.js";
import { EXIT_OK, EXIT_USAGE, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import type { FlagValues } from "./parse-flags.js";
import { systemClock } from "../service/clock.js";

const help = `Usage: opencode-review pr pull|push|status [--repo DIR] [--pr N]

A pull request's review threads in the review, and the agent's answers back in them.

  pull      brings the pull request's review threads in (new threads, new comments, resolves and
            reopens made on the forge); pulling again adds only what is new
  push      posts the agent's queued replies, each in its own thread, under the token's account, and
            resolves a thread on the forge only where the checked resolve accepted the agent's claim
  status    the pull request, when it was last pulled, and what waits to be pushed (no request sent)

  --repo DIR    a folder inside the repository (default: the current folder)
  --pr N        another pull request than the checked-out branch's
  --help        this text

The pull request is the checked-out branch's on its upstream remote (github.com or GitHub Enterprise).
Token: GH_TOKEN, then GITHUB_TOKEN, then \`gh auth token\`; API bases: GITHUB_API_URL, GITHUB_GRAPHQL_URL.`;

async function pr(flags: FlagValues, io: CliIo, subcommand?: string): Promise<number> {
  let number: number | undefined;
  if (typeof flags.pr === "string") {
    if (!/^[1-9][0-9]{0,9}$/.test(flags.pr)) {
      io.err(
        `opencode-review pr: --pr needs a pull request's number, such as --pr 7, not "${flags.pr}" (see opencode-review pr --help)`,
      );
      return EXIT_USAGE;
    }
    number = Number(flags.pr);
  }
  const repo = await openRepository(resolve(io.cwd, typeof flags.repo === "string" ? flags.repo : "."));
  const store = await openStore({ path: defaultDbPath(repo) });
  const service = createReviewService({
    dir: repo.workTree,
    store,
    bus: createEventBus(),
    // The command talks to no agent: new comments reach it through review_list and the panels.
    delivery: { mode: "tools", deliver: async () => null },
    now: systemClock,
    repository: repo,
    forge: { env: io.env ?? process.env },
  });
  try {
    const target = number === undefined ? {} : { number };
    if (subcommand === "pull") await pull(service, io, target);
    else if (subcommand === "push") await push(service, io, target);
    else await status(service, io);
    return EXIT_OK;
  } finally {
    await service.context.anchors.written();
    await store.close();
  }
}

async function pull(service: ForgeOperations, io: CliIo, target: { readonly number?: number }): Promise<void> {
  const result = await service.pullForge(target);
  if (result.unchanged) {
    io.out(`PR #${result.pr}: nothing new since the last pull (${result.url})`);
    return;
  }
  const parts = [
    `${result.newThreads} new ${result.newThreads === 1 ? "thread" : "threads"}`,
    `${result.newComments} new ${result.newComments === 1 ? "comment" : "comments"}`,
  ];
  if (result.resolved > 0) parts.push(`${result.resolved} resolved on the forge`);
  if (result.reopened > 0) parts.push(`${result.reopened} reopened`);
  io.out(`PR #${result.pr}: ${parts.join(", ")} (${result.url})`);
  if (result.files.length > 0) io.out(`Waiting for the agent in ${result.files.join(", ")}.`);
  for (const line of result.skipped) io.out(`Not brought in: ${line}`);
  if (result.withoutCommit > 0) {
    io.out(
      `${result.withoutCommit} ${result.withoutCommit === 1 ? "thread was" : "threads were"} written on a commit this repository lacks, so ${result.withoutCommit === 1 ? "it is" : "they are"} pinned to the files as they are here; git fetch the pull request's commits before pulling for exact places.`,
    );
  }
}

async function push(service: ForgeOperations, io: CliIo, target: { readonly number?: number }): Promise<void> {
  const result = await service.pushForge(target);
  if (result.posted === 0 && result.resolved === 0 && result.failed.length === 0) {
    io.out(`PR #${result.pr}: nothing to push.`);
    return;
  }
  const found = result.found > 0 ? ` (${result.found} already there from an earlier push, not sent again)` : "";
  io.out(
    `PR #${result.pr}: posted ${result.posted} ${result.posted === 1 ? "reply" : "replies"}${found}, resolved ${result.resolved} ${result.resolved === 1 ? "thread" : "threads"} (${result.url})`,
  );
  if (result.unresolvable > 0) {
    io.out(
      `${result.unresolvable} ${result.unresolvable === 1 ? "thread is" : "threads are"} resolved here only: the forge's API has no resolve; resolve ${result.unresolvable === 1 ? "it" : "them"} on the pull request's page.`,
    );
  }
  for (const f of result.failed) io.err(`not posted: ${f.error} (kept; pr push tries it again)`);
}

async function status(service: ForgeOperations, io: CliIo): Promise<void> {
  const s = await service.forgeStatus();
  if (s.pull === null) {
    io.out("No pull request pulled for this branch yet; run opencode-review pr pull.");
    return;
  }
  io.out(`PR #${s.pull.number} on ${s.pull.repository} (${s.pull.url})`);
  io.out(`Pulled ${s.pull.pulledAt ?? "never"}: ${s.pull.threads} threads, ${s.pull.comments} comments.`);
  if (s.waiting.length === 0) io.out(`Nothing waits to be pushed (${s.posted} posted).`);
  else {
    io.out(
      `${s.waiting.length} ${s.waiting.length === 1 ? "reply waits" : "replies wait"} to be pushed${s.pull.login === null ? "" : ` as @${s.pull.login}`} (opencode-review pr push):`,
    );
    for (const w of s.waiting) {
      const where = `${w.file}${w.line === null ? "" : `:${w.line}`}`;
      const first = w.body.split("\n")[0]!;
      const words = first.length > 72 ? `${first.slice(0, 69)}...` : first;
      io.out(
        `  ${where}${w.to === null ? "" : ` to ${w.to}`}${w.resolves ? (s.pull.canResolve === false ? ", resolved here only (the forge's API has no resolve)" : ", resolves the thread") : ""}${w.state === "failed" ? `, failed: ${w.error ?? ""}` : ""}: ${words}`,
      );
    }
  }
}

/** `opencode-review pr`: pull a pull request's review threads, push the agent's replies, show where it stands. */
export const prCommand: CliCommand = {
  name: "pr",
  summary: "pull a pull request's review threads, push the agent's replies",
  help,
  flags: { repo: "value", pr: "value", help: "switch" },
  subcommands: ["pull", "push", "status"],
  run: pr,
};
