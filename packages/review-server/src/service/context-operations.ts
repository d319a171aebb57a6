import type { Repository } from "../git/index.js";
import { changesSince } from "./agent/changes-since.js";
import type { ServiceContext } from "./service-context.js";

/**
 * What every part of the service shares, for callers that work below the operations (a supervisor writing
 * runs, a test seeding rows) or watch the store for other processes' writes.
 * @example const { repository } = contextOperations(ctx, ownRepository);
 */
export function contextOperations(ctx: ServiceContext, ownRepository: () => Promise<Repository>) {
  return {
    context: ctx,
    repository: ctx.repository,
    /** The service's own work tree, whatever branch the caller's scope names. */
    ownRepository,
    /** What other processes wrote on the branch since `from`, as the events a panel redraws from. */
    changesSince: (from: Parameters<typeof changesSince>[1]) => changesSince(ctx, from),
  };
}

export type ContextOperations = ReturnType<typeof contextOperations>;
