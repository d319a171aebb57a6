import { openForge, type TokenSource } from "../../forge/index.js";
import type { ServiceContext } from "../service-context.js";
import { forgeStatus } from "./forge-status.js";
import { pullForgeThreads } from "./pull-forge-threads.js";
import { pushForgeReplies } from "./push-forge-replies.js";
import { releaseToPullRequest } from "./release-to-pull-request.js";

/** What the forge operations share with the rest of the service. */
export interface ForgeDeps {
  /** Where a forge's token is read from, per request. */
  readonly forge: TokenSource;
}

/**
 * Pull requests on a forge (the branch's upstream; the token is read by each request): pull its threads,
 * push the agent's replies, release a review as a pull request review, and the forge bar's status.
 * @example await forgeOperations(ctx, { forge: { env: process.env, gh: true } }).pullForge();
 */
export function forgeOperations(ctx: ServiceContext, deps: ForgeDeps) {
  const forgeSource = deps.forge;
  const pushForge = async (target: { readonly number?: number } = {}) =>
    pushForgeReplies(ctx, await openForge(await ctx.repository(), forgeSource), target);
  // The pulls under way (the one on start above all): the agent's review_list waits for them a while.
  const pulling = new Set<Promise<unknown>>();
  // Why the last pull failed (one line), until a pull succeeds: the panels' forge bar shows it over the
  // last good state, which a failed pull leaves as it was.
  let pullError: string | null = null;
  const pullForge = (target: { readonly number?: number } = {}) => {
    const pull = (async () => pullForgeThreads(ctx, await openForge(await ctx.repository(), forgeSource), target))();
    const tracked = pull.then(
      () => {
        pullError = null;
      },
      (error: unknown) => {
        const code = (error as { code?: string }).code;
        // No forge, no token, no pull request: nothing is wrong with the last good state.
        if (code !== "no_token" && code !== "no_pull_request" && code !== "invalid_input")
          pullError = error instanceof Error ? error.message : String(error);
      },
    );
    pulling.add(tracked);
    void tracked.then(() => pulling.delete(tracked));
    return pull;
  };
  return {
    pullForge: (target: { readonly number?: number } = {}) => pullForge(target),
    /** The pulls under way now, each settling (never rejecting) when it ends; empty when none is. */
    forgePullsUnderWay: (): readonly Promise<unknown>[] => [...pulling],
    pushForge: (target: { readonly number?: number } = {}) => pushForge(target),
    forgeStatus: async () => ({ ...(await forgeStatus(ctx)), pullError }),
    releaseToPullRequest: async (input: Parameters<typeof releaseToPullRequest>[2]) =>
      releaseToPullRequest(ctx, await openForge(await ctx.repository(), forgeSource), input),
  };
}

export type ForgeOperations = ReturnType<typeof forgeOperations>;
