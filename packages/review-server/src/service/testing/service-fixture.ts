import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEventBus, type EventBus } from "../../events/event-bus.js";
import type { ReviewEvent } from "../../events/review-event.js";
import { makeTempRepository, type TempRepository } from "../../git/testing/temp-repository.js";
import { openStore, type Store } from "../../store/index.js";
import { createReviewService, type ReviewService } from "../review-service.js";
import type { ReleaseDelivery } from "../service-context.js";
import type { TokenSource } from "../../forge/index.js";

/** A real repository, a real SQLite file and the service over them, plus what was delivered and published. */
export interface ServiceFixture {
  readonly repo: TempRepository;
  readonly store: Store;
  readonly bus: EventBus;
  readonly service: ReviewService;
  readonly delivered: { sessionId: string | null; text: string }[];
  readonly events: ReviewEvent[];
  close(): Promise<void>;
}

/**
 * Builds the fixture; `files` are committed as the base (with `commitBase: false` they stay untracked in a
 * repository with no commits at all). `ownSessionsOnly`: the doorbell is a plugin's, reaching only its own
 * process's sessions.
 * @example const f = await makeServiceFixture({ "src/a.ts": "a\n" }, "tools");
 */
export async function makeServiceFixture(
  files: Record<string, string>,
  mode: "tools" | "prose" = "tools",
  dbDir?: string,
  options: { readonly commitBase?: boolean; readonly ownSessionsOnly?: boolean; readonly forge?: TokenSource } = {},
): Promise<ServiceFixture> {
  const repo = await makeTempRepository();
  for (const [path, text] of Object.entries(files)) await repo.write(path, text);
  if (options.commitBase !== false) await repo.commitAll("base");
  const folder = dbDir ?? (await mkdtemp(join(tmpdir(), "opencode-review-db-")));
  const store = await openStore({ path: join(folder, "review.sqlite") });
  const bus = createEventBus();
  const events: ReviewEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const delivered: { sessionId: string | null; text: string }[] = [];
  const delivery: ReleaseDelivery = {
    mode,
    ownSessionsOnly: options.ownSessionsOnly ?? false,
    async deliver(input) {
      delivered.push(input);
      return input.sessionId === null ? null : { sessionId: input.sessionId };
    },
  };
  // A clock that always moves forward, so order by time is the order of events.
  let tick = Date.parse("2026-01-01T10:00:00.000Z");
  const service = createReviewService({
    dir: repo.dir,
    store,
    bus,
    delivery,
    now: () => new Date((tick += 1000)).toISOString(),
    ...(options.forge === undefined ? {} : { forge: options.forge }),
  });
  return {
    repo,
    store,
    bus,
    service,
    delivered,
    events,
    async close() {
      await service.context.anchors.written();
      await store.close();
      await repo.remove();
      if (dbDir === undefined) await rm(folder, { recursive: true, force: true });
    },
  };
}
