// The review service in another OS process, on the same repository and SQLite file as the test. Usage:
//   service-worker.ts agent <dir> <db> <count> <threadId>...   after "go": <count> agent replies, round robin,
//                                                               with a review_list every fourth step
//   service-worker.ts human <dir> <db> <rounds> <threadId>...  after "go": each round drafts one reply per
//                                                               thread, then releases; prints "released <id> <n>"
//   service-worker.ts release <dir> <db> in-transaction <n>    releases, and stops inside the release's write
//                                                               transaction at its <n>th UPDATE: prints "inside <n>"
//   service-worker.ts release <dir> <db> in-delivery           releases, and stops while ringing the agent
//                                                               (after the commit): prints "delivering"
// Prints "ready" once the service is open and "done" at the end; the test kills the stopped ones with SIGKILL.
// Any error goes to stderr with exit 1, so an SQLITE_BUSY escaping the service fails the test.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { createEventBus } from "../../events/event-bus.js";
import { openStore } from "../../store/index.js";
import { createReviewService } from "../review-service.js";
import type { ReleaseDelivery } from "../service-context.js";
import { say, waitForever, waitForGo } from "../../testing/line-child.js";

const [command, dir, dbPath, ...rest] = process.argv.slice(2);

/**
 * Stops the process inside a running statement set: once armed, the nth UPDATE has run (its change is in
 * the open transaction) and its result never comes back, so the write lock stays held until the kill.
 */
function pauseAtUpdate(n: number): KyselyPlugin & { arm(): void } {
  let armed = false;
  let updates = 0;
  const stopping = new WeakSet<object>();
  return {
    arm: () => {
      armed = true;
    },
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (armed && node.kind === "UpdateQueryNode" && ++updates === n) stopping.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (stopping.has(queryId)) {
        say(`inside ${n}`);
        await waitForever();
      }
      return result;
    },
  };
}

async function main(): Promise<void> {
  if (dir === undefined || dbPath === undefined) throw new Error("usage: service-worker.ts <command> <dir> <db> ...");
  const store = await openStore({ path: dbPath });
  const pause = command === "release" && rest[0] === "in-transaction" ? pauseAtUpdate(Number(rest[1])) : null;
  const delivery: ReleaseDelivery = {
    mode: "tools",
    async deliver(input) {
      if (command === "release" && rest[0] === "in-delivery") {
        say("delivering");
        await waitForever();
      }
      return input.sessionId === null ? null : { sessionId: input.sessionId };
    },
  };
  const service = createReviewService({
    dir,
    store: pause === null ? store : { ...store, db: store.db.withPlugin(pause) },
    bus: createEventBus(),
    delivery,
    // releaseReview asks for the time right before its write transaction: from then on, UPDATEs are the release's.
    now: () => {
      pause?.arm();
      return new Date().toISOString();
    },
  });
  await service.repository();
  say("ready");

  if (command === "agent") {
    const [count, ...ids] = rest;
    await waitForGo();
    for (let i = 0; i < Number(count); i++) {
      await service.agentReply({ id: ids[i % ids.length]!, text: `agent ${i}` });
      if (i % 4 === 3) await service.agentList({});
    }
  } else if (command === "human") {
    const [rounds, ...ids] = rest;
    await waitForGo();
    for (let r = 0; r < Number(rounds); r++) {
      for (const id of ids) await service.draftReply(id, { body: `human ${r} ${id}` });
      const { review } = await service.release({});
      say(`released ${review.id} ${review.messages}`);
    }
  } else if (command === "release") {
    await service.release({});
    // Only reached when no pause stopped it.
  } else {
    throw new Error(`unknown command ${command}`);
  }
  await store.close();
  say("done");
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
