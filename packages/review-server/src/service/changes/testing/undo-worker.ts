// The review service in another OS process, for a kill right after an undo. Usage:
//   undo-worker.ts <dir> <db> <file> <start> <end> <blob>
// Undoes the hunks of <file> that lines <start>-<end> touch, prints "undone <changeId>", then waits to be killed.
import { createEventBus } from "../../../events/event-bus.js";
import { openStore } from "../../../store/index.js";
import { say, waitForever } from "../../../testing/line-child.js";
import { createReviewService } from "../../review-service.js";

const [dir, dbPath, file, start, end, blob] = process.argv.slice(2);

async function main(): Promise<void> {
  const store = await openStore({ path: dbPath! });
  const service = createReviewService({
    dir: dir!,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
    now: () => new Date().toISOString(),
  });
  const { change } = await service.undo({ file: file!, start: Number(start), end: Number(end), blob: blob! });
  say(`undone ${change.id}`);
  // Killed here with SIGKILL: no close, no cleanup, as a crash would leave it.
  await waitForever(store);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
