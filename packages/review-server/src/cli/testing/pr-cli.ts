import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createEventBus } from "../../events/event-bus.js";
import { defaultDbPath, openRepository } from "../../git/index.js";
import { createReviewService } from "../../service/index.js";
import { openStore } from "../../store/index.js";
import type { CliIo } from "../cli-io.js";
import { runCli } from "../run-cli.js";
import { systemClock } from "../../service/clock.js";

/** A repository with a forge stand-in behind it: what the pr command tests drive. */
export interface PrCliTarget {
  readonly repo: { readonly dir: string };
  readonly env: Record<string, string | undefined>;
}

/**
 * Runs `opencode-review <args>` in the fixture's repository with `env`, as the binary would.
 * @example const { code, out, err } = await prCli(f, ["pr", "pull"]);
 */
export async function prCli(f: PrCliTarget, args: readonly string[], env: Record<string, string | undefined> = f.env) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    cwd: f.repo.dir,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    stopRequested: new Promise(() => {}),
    env,
  };
  const code = await runCli(args, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** Every file under `dir`, read as bytes (to look for a token where it must not be). */
export async function filesUnder(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      out.push({ path: join(entry.parentPath, entry.name), bytes: await readFile(join(entry.parentPath, entry.name)) });
  }
  return out;
}

/** The agent answers the first waiting thread through the repository's store, as the plugin would (claiming a resolve when asked). */
export async function replyAsAgent(
  f: PrCliTarget,
  text = "Done.",
  resolved = false,
): Promise<{ readonly resolved: boolean }> {
  const store = await openStore({ path: defaultDbPath(await openRepository(f.repo.dir)) });
  const agent = createReviewService({
    now: systemClock,
    dir: f.repo.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
  });
  const [open] = await agent.listThreads({ status: "waiting" });
  const reply = await agent.agentReply({ id: open!.id, text, ...(resolved ? { resolved: true } : {}) });
  await agent.context.anchors.written();
  await store.close();
  return { resolved: reply.resolved };
}
