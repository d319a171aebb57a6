// GET /api/tour on the real app, a real git repository and a real SQLite file.
import type { Tour } from "@opencode-review/core";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";

const HOST = "127.0.0.1:4323";
const TOKEN = "tour-test-token";

let f: ServiceFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

async function getTour(fixture: ServiceFixture): Promise<{ status: number; tour: Tour | null }> {
  const app = createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", 4323),
    panelDir: join(fixture.repo.dir, "no-panel"),
    routes: apiRoutes(fixture.service),
    health: () => ({ ok: true, version: "0.1.0", repo: fixture.repo.dir, branch: "main", tools: true }),
    events: fixture.bus,
    reportError: (error) => {
      throw error;
    },
  });
  const response = await app.request(`http://${HOST}/api/tour`, {
    headers: { host: HOST, authorization: `Bearer ${TOKEN}` },
  });
  return { status: response.status, tour: ((await response.json()) as { tour: Tour | null }).tour };
}

it("answers null before the agent leaves a tour, then the tour with its steps located and the uncovered hunks", async () => {
  f = await makeServiceFixture({ "a.ts": "one\ntwo\nthree\n", "b.ts": "x\n" });
  await f.repo.write("a.ts", "one\nTWO\nthree\n");
  await f.repo.write("b.ts", "x\ny\n");
  expect(await getTour(f)).toEqual({ status: 200, tour: null });
  await f.service.writeTour({ title: "Small", steps: [{ file: "a.ts", from: 2, text: "Renamed two." }] });
  const { status, tour } = await getTour(f);
  expect(status).toBe(200);
  expect(tour?.title).toBe("Small");
  expect(tour?.steps).toEqual([
    { file: "a.ts", start: 2, end: 2, text: "Renamed two.", anchor: { state: "current", start: 2, end: 2 } },
  ]);
  expect(tour?.uncovered).toEqual([{ file: "b.ts", start: 2, end: 2 }]);
});
