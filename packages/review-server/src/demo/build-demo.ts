import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { makeDemoRepository } from "./make-demo-repository.js";
import { seedDemoReview, type DemoThreads } from "./seed-demo-review.js";

/** The session the demo's scripted agent stands for: where its seeded release was delivered. */
export const DEMO_AGENT = "demo-agent";

/** A demo built on disk: the temp folder to remove afterwards, the repository inside it, and its threads. */
export interface BuiltDemo {
  /** The temp folder holding everything (the repository and, in its .git, the review database). */
  readonly folder: string;
  /** The repository's work tree, where the panel is served from. */
  readonly workTree: string;
  readonly threads: DemoThreads;
}

// Times must strictly increase: messages written in the same millisecond would otherwise tie in their order.
function monotonicClock(): () => string {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last).toISOString();
  };
}

/**
 * Builds the demo in a fresh temp folder: the repository from `demoFolder`, and its review in the
 * repository's default database, written through the service and closed again, ready to be served.
 * @example const demo = await buildDemo(findDemoRepoFolder()); demo.workTree // "/tmp/opencode-review-demo-x1/tasks-api"
 */
export async function buildDemo(demoFolder: string, parent: string = tmpdir()): Promise<BuiltDemo> {
  // realpath: git reports real paths, and the printed folder should be the one removed.
  const folder = await realpath(await mkdtemp(join(parent, "opencode-review-demo-")));
  try {
    const workTree = join(folder, "tasks-api");
    await makeDemoRepository(workTree, demoFolder);
    const store = await openStore({ path: defaultDbPath(await openRepository(workTree)) });
    try {
      const service = createReviewService({
        dir: workTree,
        store,
        bus: createEventBus(),
        // The demo's agent is played by this code (seedDemoReview): round 1's release is delivered to it.
        delivery: { mode: "prose", deliver: async () => ({ sessionId: DEMO_AGENT }) },
        now: monotonicClock(),
      });
      const threads = await seedDemoReview(service, workTree, demoFolder);
      return { folder, workTree, threads };
    } finally {
      await store.close();
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
