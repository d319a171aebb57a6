// GET /api/raw on the real app and a real git repository: bytes at a ref, typed by their content.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";

const PORT = 4323;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "raw-test-token";
const png = (n: number) =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, n, n, n]);
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4" onload="alert(1)"><script>alert(2)</script></svg>';

let f: ServiceFixture;
let app: ReturnType<typeof createApp>;

beforeEach(async () => {
  f = await makeServiceFixture({ "notes.txt": "hello\n" });
  await f.repo.write("logo.png", png(1));
  await f.repo.write("data.bin", new Uint8Array([0, 1, 2, 3]));
  await f.repo.commitAll("images");
  await f.repo.write("logo.png", png(2));
  await f.repo.write("icon.svg", svg);
  await rm(join(f.repo.dir, "data.bin"));
  app = createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(f.repo.dir, "no-panel"),
    routes: apiRoutes(f.service),
    health: () => ({ ok: true, version: "0.1.0", repo: f.repo.dir, branch: "main", tools: true }),
    events: f.bus,
    reportError: (error) => {
      throw error;
    },
  });
});
afterEach(() => f.close());

const get = (path: string) =>
  app.request(`${ORIGIN}${path}`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });

describe("GET /api/raw", () => {
  it("answers a file's bytes in the work tree and at the base, typed by its bytes", async () => {
    // The base is the commit HEAD was on at the first round: the one with the images.
    await get("/api/diff");
    const now = await get("/api/raw?path=logo.png");
    expect(now.status).toBe(200);
    expect(now.headers.get("content-type")).toBe("image/png");
    expect(now.headers.get("x-file-type")).toBe("PNG");
    expect(new Uint8Array(await now.arrayBuffer())).toEqual(png(2));
    const before = await get("/api/raw?path=logo.png&ref=base");
    expect(new Uint8Array(await before.arrayBuffer())).toEqual(png(1));
    const bin = await get("/api/raw?path=data.bin&ref=base");
    expect(bin.headers.get("content-type")).toBe("application/octet-stream");
    expect(bin.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(bin.headers.get("content-length")).toBe("4");
  });

  it("serves an SVG as an image under a policy that runs none of its scripts", async () => {
    const answer = await get("/api/raw?path=icon.svg");
    expect(answer.headers.get("content-type")).toBe("image/svg+xml");
    expect(answer.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await answer.text()).toBe(svg);
  });

  it("refuses a file missing at the ref, a path outside the work tree, and no token", async () => {
    const missing = await get("/api/raw?path=data.bin");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      /does not exist at worktree/,
    );
    expect((await get("/api/raw?path=../../etc/passwd")).status).toBe(400);
    const anonymous = await app.request(`${ORIGIN}/api/raw?path=logo.png`, { headers: { host: HOST } });
    expect(anonymous.status).toBe(401);
  });
});
