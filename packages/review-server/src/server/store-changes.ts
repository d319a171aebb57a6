import type { StoreChanges } from "../events/data-version-feed.js";
import type { ContextOperations } from "../service/index.js";
import type { StorePosition } from "../store/index.js";

/**
 * Finds what other processes wrote on one branch since the last look, as the events a panel redraws from (the
 * service's `changesSince`, from the position of the last look): the branch of the scope it is called in, the
 * checked-out one outside any.
 * @example dataVersionFeed({ db: store.db, changes: () => storeChanges(service) })
 */
export function storeChanges(service: ContextOperations): StoreChanges {
  let position: StorePosition | null = null;
  return {
    async mark() {
      position = (await service.changesSince(null)).position;
    },
    async collect() {
      const next = await service.changesSince(position);
      position = next.position;
      return next.events;
    },
  };
}
