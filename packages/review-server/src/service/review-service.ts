import type { EventBus } from "../events/event-bus.js";
import type { TokenSource } from "../forge/index.js";
import type { Repository } from "../git/index.js";
import { newId, type Store } from "../store/index.js";
import { agentOperations, type AgentOperations } from "./agent/index.js";
import {
  branchOperations,
  currentBranchScope,
  type BranchOperations,
  type BranchWatchState,
} from "./branches/index.js";
import { changeOperations, type ChangeOperations } from "./changes/index.js";
import type { Clock } from "./clock.js";
import { contextOperations, type ContextOperations } from "./context-operations.js";
import { trackRepository } from "./files/current-repository.js";
import { fileOperations, type FileOperations } from "./files/index.js";
import { forgeOperations, type ForgeOperations } from "./forge/index.js";
import type { DeliveryRetry } from "./review/deliver-review.js";
import { releaseOperations, type ReleaseOperations } from "./review/index.js";
import { reviewerOperations, type ReviewerOperations } from "./reviewer/index.js";
import { roundOperations, type RoundOperations } from "./rounds/index.js";
import { createServiceCaches, type ServiceCaches } from "./service-caches.js";
import type { ReleaseDelivery, ServiceContext } from "./service-context.js";
import { threadOperations, type ThreadOperations } from "./threads/index.js";
import { tourOperations, type TourOperations } from "./tour/index.js";

export interface ReviewServiceOptions {
  /** A folder inside the work tree. */
  readonly dir: string;
  readonly store: Store;
  readonly bus: EventBus;
  readonly delivery: ReleaseDelivery;
  /** The one clock every stamp is read from (the composition root passes systemClock; tests may fix it). */
  readonly now: Clock;
  /** How a failed delivery of a release is retried; default: five attempts, from 2 s doubling to 60 s. */
  readonly deliveryRetry?: DeliveryRetry;
  /** The repository of `dir` as the caller just opened it (saves the first operation opening it again). */
  readonly repository?: Repository;
  /** The listing and anchor caches, made at the composition root; default: fresh ones for this service alone. */
  readonly caches?: ServiceCaches;
  /**
   * Where a forge's token is read from, per request (the environment, `gh`), handed in by the composition
   * root; default: nowhere, so a service built without one (a test, the demo) never reads the person's token.
   */
  readonly forge?: TokenSource;
  /** What the branch list's live feed watches now (see branchFeed); reported by GET /api/branches. */
  readonly branchWatch?: () => BranchWatchState;
  /** `push: "auto"`: an agent's reply on a forge thread is posted as soon as it is written. */
  readonly forgePush?: "auto" | "manual";
}

/**
 * The operations behind both the agent's tools and the HTTP surface, bound to one repository and store: one
 * flat object composed of the parts below, so a caller names the part(s) it uses (`service: ThreadOperations`).
 * Each operation reads the branch checked out now, does its git work first and its writes in one transaction.
 * @example const service = createReviewService({ dir, store, bus, delivery, now: systemClock }); await service.listThreads({});
 */
export function createReviewService(options: ReviewServiceOptions): ReviewService {
  // The panel's listings: fifty open panels re-listing an unchanged review cost one check, not fifty listings.
  const { listings, anchors, pages, roundFiles, commitFiles } = options.caches ?? createServiceCaches();
  const ownRepository = trackRepository(options.dir, options.repository);
  // The one place a request's branch is chosen (see BranchScope): every operation reads these two.
  const ctx: ServiceContext = {
    repository: () => currentBranchScope()?.repository() ?? ownRepository(),
    get delivery() {
      return currentBranchScope()?.delivery ?? options.delivery;
    },
    db: options.store.db,
    bus: options.bus,
    now: options.now,
    instanceId: newId("service"),
    anchors,
    pages,
    roundFiles,
    ...(commitFiles === undefined ? {} : { commitFiles }),
  };
  const { deliveryRetry } = options;
  // Default: no token source, so a service built without one (a test, the demo) never reads the person's token.
  const forge = forgeOperations(ctx, { forge: options.forge ?? { env: {}, gh: false } });
  return {
    ...contextOperations(ctx, ownRepository),
    ...roundOperations(ctx),
    ...fileOperations(ctx),
    ...threadOperations(ctx, { listings }),
    ...releaseOperations(ctx, { deliveryRetry }),
    ...changeOperations(ctx),
    ...agentOperations(ctx, { pushForge: options.forgePush === "auto" ? () => forge.pushForge() : undefined }),
    ...tourOperations(ctx),
    ...reviewerOperations(ctx),
    ...forge,
    ...branchOperations(ctx, {
      ownRepository,
      delivery: options.delivery,
      deliveryRetry,
      branchWatch: options.branchWatch,
    }),
  };
}

/** The whole service; a caller that uses only some parts names those instead. */
export type ReviewService = ContextOperations &
  RoundOperations &
  FileOperations &
  ThreadOperations &
  ReleaseOperations &
  ChangeOperations &
  AgentOperations &
  TourOperations &
  ReviewerOperations &
  ForgeOperations &
  BranchOperations;
