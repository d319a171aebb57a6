// The service's one clock (issue 24): every stamp of a change comes from the clock the composition root
// passes in, the store's writes included. Threads used to stamp `new Date()` in the store while findings
// took the service's clock, so a fixed clock left threads at the wall clock's time.
import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { makeTempRepository } from "../git/testing/temp-repository.js";
import { openStore } from "../store/index.js";
import { fixedClock } from "./clock.js";
import { createReviewService } from "./review-service.js";
import { join } from "node:path";
import { startReviewServer } from "../server/index.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const onCleanup = cleanUpAfterEach();

const AT = "2031-05-06T07:08:09.000Z";

describe("one clock", () => {
  it("stamps a thread, its release, the agent's reply and a reviewer's finding with the time the given clock says", async () => {
    const repo = await makeTempRepository();
    onCleanup(() => repo.remove());
    await repo.write("src/calc.ts", "export const rate = 1;\n");
    await repo.commitAll("base");
    await repo.write("src/calc.ts", "export const rate = 2;\n");
    const store = await openStore({ path: join(repo.dir, ".git", "opencode-review", "review.sqlite") });
    onCleanup(() => store.close());
    const service = createReviewService({
      dir: repo.dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
      now: fixedClock(AT),
    });

    const thread = await service.draftThread({ file: "src/calc.ts", start: 1, end: 1, body: "Why double the rate?" });
    await service.release({});
    await service.agentReply({ id: thread.id, text: "The tax changed." });
    const { run } = await service.recordRun({ parentSessionId: "ses_impl", model: "fake/reviewer" });
    const running = (await service.changeRun(run.id, { status: "running", session_id: "ses_reviewer" }, ["pending"]))!;
    await service.pinFinding(running, { file: "src/calc.ts", start: 1, body: "Is 2 right?", severity: "major" });
    await service.releaseRun(running, { summary: "One question.", verdict: "comment" });

    const db = store.db;
    const threads = await db.selectFrom("threads").select(["created_at", "updated_at"]).execute();
    const messages = await db.selectFrom("messages").select(["author", "created_at"]).execute();
    const reviews = await db.selectFrom("reviews").select(["released_at"]).execute();
    const rounds = await db.selectFrom("rounds").select(["created_at"]).execute();
    const findings = await db.selectFrom("findings").select(["created_at", "updated_at"]).execute();
    expect(threads).toEqual([{ created_at: AT, updated_at: AT }]);
    expect(messages.map((m) => m.author).sort()).toEqual(["agent", "human"]);
    expect(new Set(messages.map((m) => m.created_at))).toEqual(new Set([AT]));
    expect(reviews).toEqual([{ released_at: AT }]);
    expect(new Set(rounds.map((r) => r.created_at))).toEqual(new Set([AT]));
    expect(findings).toEqual([{ created_at: AT, updated_at: AT }]);
  });

  it("stamps the panel's heartbeat in the store with the server's clock too (it was the wall clock's)", async () => {
    const repo = await makeTempRepository();
    onCleanup(() => repo.remove());
    await repo.write("a.txt", "a\n");
    await repo.commitAll("base");
    const server = await startReviewServer({
      dir: repo.dir,
      delivery: { mode: "prose", deliver: async () => null },
      tools: false,
      now: fixedClock(AT),
      reportError: () => {},
    });
    onCleanup(() => server.close());
    const servers = await server.service.context.db
      .selectFrom("servers")
      .select(["started_at", "heartbeat_at"])
      .execute();
    expect(servers).toEqual([{ started_at: AT, heartbeat_at: AT }]);
  });
});
