#!/usr/bin/env node
// A draft `POST /api/threads` through the real Hono app on an idle server, as the web panel sends it (with
// the roundId of the round on screen) and without one (the server takes a round of the work tree first),
// against the bare SQLite transaction that stores such a draft (the thread and its message), in the same
// process. Target: a draft with a roundId within a few times its transaction (it also reads the file at the
// round and its base and answers the thread as the panel shows it).
// The service's TypeScript is bundled with esbuild at start (core inlined from its source), so this needs
// only the installed dependencies; `pnpm bench` runs it after `pnpm build`.
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, time } from "../../../scripts/bench-timing.mjs";
import { reviewedChange } from "./bench-repository.mjs";
import { bundleService } from "./bench-service.mjs";

const FILES = 40;
const LINES = 300;
const RUNS = 30;
const PORT = 4321;
const TOKEN = "bench-token";

const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-")));
let bundle;

try {
  bundle = await bundleService("draft-thread", [
    'export { createReviewService } from "./src/service/review-service.ts";',
    'export { createEventBus } from "./src/events/event-bus.ts";',
    'export { openStore, writeTransaction, newId } from "./src/store/index.ts";',
    'export { insertNewThread } from "./src/service/threads/insert-new-thread.ts";',
    'export { createApp } from "./src/http/create-app.ts";',
    'export { apiRoutes } from "./src/http/routes/index.ts";',
    'export { loopbackHosts } from "./src/http/loopback.ts";',
  ]);
  const m = bundle.module;

  const { pathOf } = await reviewedChange(dir, { files: FILES, lines: LINES, folders: 5, changedLine: 10 });

  const store = await m.openStore({ path: join(dir, ".git", "opencode-review", "review.sqlite") });
  const bus = m.createEventBus();
  const service = m.createReviewService({
    now: () => new Date().toISOString(),
    dir,
    store,
    bus,
    delivery: { mode: "tools", deliver: async () => null },
  });
  const app = m.createApp({
    token: TOKEN,
    allowedHosts: m.loopbackHosts("127.0.0.1", PORT),
    panelDir: join(dir, "no-panel"),
    routes: m.apiRoutes(service),
    health: () => ({ ok: true, version: "0", repo: dir, branch: "main", tools: true }),
    events: bus,
    reportError: (error) => console.error(error),
  });
  const origin = `http://127.0.0.1:${PORT}`;
  const post = async (body) => {
    const response = await app.request(`${origin}/api/threads`, {
      method: "POST",
      headers: {
        host: `127.0.0.1:${PORT}`,
        origin,
        authorization: `Bearer ${TOKEN}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(body),
    });
    if (response.status !== 201)
      throw new Error(`POST /api/threads answered ${response.status}: ${await response.text()}`);
    return (await response.json()).thread;
  };
  const round = await service.takeRound();
  let n = 0;
  const draft = (f, withRound) =>
    post({ file: pathOf(f), start: 10, end: 10, ...(withRound ? { roundId: round.id } : {}), body: `draft ${++n}` });
  // The transaction alone: what storing one more such draft costs, with the row the service would store.
  const sample = await draft(FILES - 1, true);
  const roundRow = await store.db.selectFrom("rounds").selectAll().where("id", "=", round.id).executeTakeFirstOrThrow();
  const transaction = () =>
    m.writeTransaction(store.db, (trx) =>
      m.insertNewThread(trx, {
        branch: "main",
        file: sample.file,
        round: roundRow,
        anchor: { side: "new", start: 10, end: 10, quoted: sample.quoted, context: sample.context },
        state: {
          status: "draft",
          awaiting: null,
          origin: "human",
          seenAt: null,
          messages: [
            {
              id: m.newId("message"),
              author: "human",
              body: "x",
              suggestion: null,
              createdAt: new Date().toISOString(),
              delivery: "unsent",
            },
          ],
        },
        at: new Date().toISOString(),
      }),
    );
  for (let i = 0; i < 3; i++) await transaction();
  const bare = [];
  const first = [];
  const again = [];
  const without = [];
  for (let r = 0; r < RUNS; r++) {
    globalThis.gc?.();
    bare.push(await time(transaction));
    globalThis.gc?.();
    first.push(await time(() => draft(r, true)));
    globalThis.gc?.();
    again.push(await time(() => draft(r, true)));
    globalThis.gc?.();
    without.push(await time(() => draft(r, false)));
  }
  const b = median(bare);
  const line = (label, values) => {
    const v = median(values);
    console.log(`${label.padEnd(58)} ${v.toFixed(2).padStart(7)} ms   ratio ${(v / b).toFixed(1)}x`);
  };
  console.log(`${FILES} changed files of ${LINES} lines; ${RUNS} runs each, medians; ${n} drafts in all`);
  console.log(`${"the draft's SQLite transaction (thread + message)".padEnd(58)} ${b.toFixed(2).padStart(7)} ms`);
  line("POST /api/threads, roundId, a file's first comment", first);
  line("POST /api/threads, roundId, another comment on the file", again);
  line("POST /api/threads without roundId (checks for a new round)", without);
  await store.close();
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  await bundle?.remove();
}
