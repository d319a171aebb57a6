// GET /api/diff's views (uncommitted, staged, since-review, commit:<sha>), ignoreWhitespace=1, each file's
// blob and the changed words of paired lines, on the real app, a real SQLite file and a real repository.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";

const PORT = 4331;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "diff-views-token";

let f: ServiceFixture;
let app: ReturnType<typeof createApp>;
let first: string;
let second: string;

beforeEach(async () => {
  // Base commit; then the agent commits b.ts (first) and c.ts (second), stages d.ts and leaves e.ts unstaged.
  f = await makeServiceFixture({ "a.ts": "export const a = 1;\n", "w.ts": "if (x) {\n  go();\n}\n" });
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
  await get("/api/rounds"); // the review's base is HEAD now
  await get("/api/diff");
  await f.repo.write("b.ts", "export const b = 1;\n");
  first = await f.repo.commitAll("b");
  await f.repo.write("c.ts", "export const c = 1;\n");
  second = await f.repo.commitAll("c");
  await f.repo.write("d.ts", "export const d = 1;\n");
  await f.repo.git("add", "d.ts");
  await f.repo.write("e.ts", "export const e = 1;\n");
});
afterEach(() => f.close());

async function get(path: string) {
  const response = await app.request(`${ORIGIN}${path}`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });
  return { status: response.status, json: (await response.json()) as any };
}
async function post(path: string, body: unknown) {
  const response = await app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { host: HOST, authorization: `Bearer ${TOKEN}`, origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as any };
}
const paths = async (query: string) =>
  ((await get(`/api/diff?${query}`)).json.files as { path: string }[]).map((file) => file.path).sort();

describe("which diff", () => {
  it("shows every change by default, and each view only its part", async () => {
    expect(await paths("")).toEqual(["b.ts", "c.ts", "d.ts", "e.ts"]);
    expect(await paths("view=uncommitted")).toEqual(["d.ts", "e.ts"]);
    expect(await paths("view=staged")).toEqual(["d.ts"]);
    expect(await paths(`view=commit:${first}`)).toEqual(["b.ts"]);
    expect(await paths(`view=commit:${second.slice(0, 8)}`)).toEqual(["c.ts"]);
  });

  it("refuses a commit that is not on the branch, and a view given with from or to", async () => {
    await f.repo.git("checkout", "-q", "-b", "side");
    await f.repo.write("s.ts", "side\n");
    const side = await f.repo.commitAll("side");
    await f.repo.git("checkout", "-q", "main");
    const other = await get(`/api/diff?view=commit:${side}`);
    expect(other.status).toBe(404);
    expect(other.json.error.message).toContain("No commit");
    expect((await get("/api/diff?view=staged&from=base")).status).toBe(400);
    expect((await get("/api/diff?view=yesterday")).status).toBe(400);
  });

  it("since-review: the whole change before any release, then only what changed since the last one", async () => {
    expect(await paths("view=since-review")).toEqual(["b.ts", "c.ts", "d.ts", "e.ts"]);
    expect((await post("/api/threads", { file: "b.ts", start: 1, end: 1, body: "why b?" })).status).toBe(201);
    expect((await post("/api/review/release", {})).status).toBe(200);
    expect(await paths("view=since-review")).toEqual([]);
    await f.repo.write("e.ts", "export const e = 2;\n");
    await f.repo.write("f.ts", "new\n");
    expect(await paths("view=since-review")).toEqual(["e.ts", "f.ts"]);
  });
});

describe("threads in a view that does not end at the work tree", () => {
  it("sit on their lines of the index (staged) and of the commit (one commit), not where the work tree has them", async () => {
    // The work tree has two lines more above each commented line than the view's end has.
    const staged = await post("/api/threads", { file: "d.ts", start: 1, end: 1, body: "why d?" });
    const committed = await post("/api/threads", { file: "b.ts", start: 1, end: 1, body: "why b?" });
    expect(staged.status).toBe(201);
    expect(committed.status).toBe(201);
    await f.repo.write("d.ts", "// one\n// two\nexport const d = 1;\n");
    await f.repo.write("b.ts", "// one\n// two\nexport const b = 1;\n");
    const anchorOf = async (query: string, id: string) =>
      ((await get(`/api/threads${query}`)).json.threads as any[]).find((t) => t.id === id).anchor;
    // Now: line 3 in the work tree.
    expect(await anchorOf("", staged.json.thread.id)).toMatchObject({ start: 3, end: 3 });
    expect(await anchorOf("", committed.json.thread.id)).toMatchObject({ start: 3, end: 3 });
    // The staged diff shows d.ts as the index has it, and the thread on its line 1 there.
    const dLines = ((await get("/api/diff?view=staged")).json.files as any[])[0].hunks[0].lines;
    expect(dLines.map((l: any) => [l.new, l.text])).toEqual([[1, "export const d = 1;"]]);
    expect(await anchorOf("?at=view:staged", staged.json.thread.id)).toMatchObject({ start: 1, end: 1 });
    // One commit: b.ts as that commit has it (short sha too).
    expect(await anchorOf(`?at=view:commit:${first}`, committed.json.thread.id)).toMatchObject({ start: 1, end: 1 });
    expect(await anchorOf(`?at=view:commit:${first.slice(0, 8)}`, committed.json.thread.id)).toMatchObject({
      start: 1,
    });
    // A commit off the branch, or a view with no end of its own, is refused.
    await f.repo.git("checkout", "-q", "-b", "side");
    const side = await f.repo.commitAll("side");
    await f.repo.git("checkout", "-q", "main");
    expect((await get(`/api/threads?at=view:commit:${side}`)).status).toBe(404);
    expect((await get("/api/threads?at=view:uncommitted")).status).toBe(400);
  });
});

describe("each file's blob", () => {
  it("is the work tree file's git blob id, also in a diff that ends elsewhere, and null once the file is gone", async () => {
    const blobOfE = (await f.repo.git("hash-object", "e.ts")).trim();
    const files = (await get("/api/diff")).json.files as { path: string; blob: string | null }[];
    expect(files.find((x) => x.path === "e.ts")?.blob).toBe(blobOfE);
    const staged = (await get("/api/diff?view=staged")).json.files as { path: string; blob: string | null }[];
    expect(staged[0]?.blob).toBe((await f.repo.git("hash-object", "d.ts")).trim());
    await f.repo.git("rm", "-q", "--cached", "a.ts");
    await f.repo.git("commit", "-q", "-m", "untrack a");
    await f.repo.git("rm", "-q", "b.ts");
    const after = (await get("/api/diff")).json.files as { path: string; status: string; blob: string | null }[];
    expect(after.find((x) => x.path === "b.ts")).toBeUndefined(); // added and gone again: not in the diff
    const removed = (await get(`/api/diff?view=commit:${first}`)).json.files as { path: string; blob: string | null }[];
    expect(removed.find((x) => x.path === "b.ts")?.blob).toBeNull();
  });
});

describe("changed words and whitespace", () => {
  it("marks the changed word on both paired lines, and leaves a whitespace-only file out with ignoreWhitespace=1", async () => {
    await f.repo.write("a.ts", "export const alpha = 1;\n");
    await f.repo.write("w.ts", "if (x) {\n    go();\n}\n");
    const files = (await get("/api/diff?view=uncommitted")).json.files as any[];
    const a = files.find((x) => x.path === "a.ts");
    const [del, add] = a.hunks[0].lines as { kind: string; text: string; words?: [number, number][] }[];
    expect(del!.words!.map(([s, e]) => del!.text.slice(s, e))).toEqual(["a"]);
    expect(add!.words!.map(([s, e]) => add!.text.slice(s, e))).toEqual(["alpha"]);
    expect(files.map((x) => x.path)).toContain("w.ts");
    const ignoring = (await get("/api/diff?view=uncommitted&ignoreWhitespace=1")).json.files as any[];
    expect(ignoring.map((x) => x.path).sort()).toEqual(["a.ts", "d.ts", "e.ts"]);
  });
});

describe("the picker's choices", () => {
  it("lists the branch's commits, newest first, and keeps a view as the branch's pick", async () => {
    const { json } = await get("/api/bases");
    expect(json.commits.slice(0, 2)).toEqual([
      { sha: second, subject: "c" },
      { sha: first, subject: "b" },
    ]);
    expect((await post("/api/bases", { from: "view:uncommitted" })).json.picked).toBe("view:uncommitted");
    expect((await get("/api/bases")).json.picked).toBe("view:uncommitted");
    expect((await post("/api/bases", { from: "view:nonsense" })).status).toBe(400);
  });
});

describe("any file of the work tree", () => {
  it("lists every file git would (tracked and untracked, not ignored), and takes line, range and whole-file comments on one the diff does not show", async () => {
    await f.repo.write(".gitignore", "build/\n");
    await f.repo.write("build/out.js", "ignored\n");
    await f.repo.write("docs/plan.md", "# Plan\n\nStep one.\nStep two.\n");
    const { json } = await get("/api/files");
    expect(json.files).toEqual([".gitignore", "a.ts", "b.ts", "c.ts", "d.ts", "docs/plan.md", "e.ts", "w.ts"]);
    // w.ts is unchanged: not in the diff, and commented on all the same, anchored like any other thread.
    expect(await paths("")).not.toContain("w.ts");
    const line = await post("/api/threads", { file: "w.ts", start: 2, end: 2, body: "Why go here?" });
    expect(line.status).toBe(201);
    expect(line.json.thread.anchor).toMatchObject({ state: "current", start: 2, end: 2 });
    expect(line.json.thread.quoted).toEqual(["   go();"]); // a context line: " " before its text
    const range = await post("/api/threads", { file: "w.ts", start: 1, end: 3, body: "The block" });
    expect(range.status).toBe(201);
    const whole = await post("/api/threads", { file: "w.ts", body: "The whole file" });
    expect(whole.status).toBe(201);
    expect(whole.json.thread.start).toBeNull();
    // The agent moves the line: the thread follows it.
    await f.repo.write("w.ts", "// guard\nif (x) {\n  go();\n}\n");
    const listed = (await get("/api/threads?file=w.ts")).json.threads as any[];
    expect(listed.find((t) => t.id === line.json.thread.id).anchor).toMatchObject({ start: 3, end: 3 });
  });
});
