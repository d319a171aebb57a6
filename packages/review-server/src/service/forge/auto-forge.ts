import type { ContextOperations } from "../context-operations.js";
import type { ForgeOperations } from "./forge-operations.js";
import { releaseTarget } from "../review/sessions.js";
import { forgeNotice } from "./forge-notice.js";

/** Plugin, `serve` and `mcp` option `forge`: pull on start and every few minutes, push at once or on request. */
export interface ForgeOptions {
  /** `auto` (default): pull on start and every `intervalMs` while the branch has a pull request and a token. */
  readonly pull?: "auto" | "manual";
  /** `auto`: the agent's replies are pushed as soon as they are written; `manual` (default): the person sends them. */
  readonly push?: "auto" | "manual";
  /** How often an automatic pull runs; default 3 minutes. */
  readonly intervalMs?: number;
}

export const FORGE_PULL_INTERVAL_MS = 180_000;

/** What an automatic pull reports: quiet when the branch simply has no forge, pull request or token. */
const QUIET = new Set(["no_token", "no_pull_request", "invalid_input", "not_found"]);

/**
 * Pulls the branch's pull request on start and every few minutes, and rings the agent once per pull that
 * brought new comments (one notice naming the pull request, like a release). A branch with no forge
 * remote, no pull request or no token is left alone without a word; other failures go to `reportError`.
 * Returns how to stop it, and a pull now (what the timer runs) for a caller that wants one at once.
 * @example const auto = startAutoForge(service, { pull: "auto" }, console.error); auto.stop();
 */
export function startAutoForge(
  service: ContextOperations & ForgeOperations,
  options: ForgeOptions,
  reportError: (error: unknown) => void,
): AutoForge {
  if (options.pull === "manual") return { stop: () => {}, pullNow: async () => {} };
  let stopped = false;
  let running: Promise<void> | null = null;
  const once = async () => {
    try {
      const result = await service.pullForge();
      const text = forgeNotice(result, service.context.delivery.mode);
      if (text !== null && !stopped) {
        const repo = await service.repository();
        const target =
          service.context.delivery.target !== undefined
            ? await service.context.delivery.target()
            : await releaseTarget(service.context, repo.branchKey);
        await service.context.delivery.deliver({ sessionId: target?.id ?? null, text });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === undefined || !QUIET.has(code)) reportError(error);
    }
  };
  const tick = () => {
    if (stopped || running !== null) return;
    running = once().finally(() => (running = null));
  };
  // The pull on start begins now, not on a timer: the service counts it under way before the server is
  // handed out, so the agent's first review_list waits for it (see forgePullStillRunning).
  tick();
  const timer = setInterval(tick, options.intervalMs ?? FORGE_PULL_INTERVAL_MS);
  (timer as { unref?: () => void }).unref?.();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
    pullNow: async () => {
      tick();
      await running;
    },
  };
}

/** A running automatic pull. */
export interface AutoForge {
  stop(): void;
  /** Pulls now (or waits for the pull under way). */
  pullNow(): Promise<void>;
}
