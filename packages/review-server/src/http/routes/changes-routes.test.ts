// The person's hands on the code (undo, restore, keep, apply) on the real app, a real git repository and a
// real SQLite file: every rule of the contract's "Changing the code from the review".
import { spawn } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderWaitingLine } from "@opencode-review/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { systemClock } from "../../service/clock.js";
import { createReviewService } from "../../service/review-service.js";
import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { openStore } from "../../store/index.js";
import { watchLines } from "../../testing/line-process.js";
import { reviewList } from "../../tools/review-list.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";

const PORT = 4323;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "changes-test-token";

let f: ServiceFixture;
let dbDir: string;
let app: ReturnType<typeof build>;

function build(service: ServiceFixture["service"]) {
  return createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(dbDir, "no-panel"),
    routes: apiRoutes(service),
    health: () => ({ ok: true, version: "0.1.0", repo: f.repo.dir, branch: "main", tools: true }),
    events: f.bus,
    reportError: (error) => {
      throw error;
    },
  });
}

async function send(method: string, path: string, body?: unknown, on = app) {
  const response = await on.request(`${ORIGIN}${path}`, {
    method,
    headers: {
      host: HOST,
      authorization: `Bearer ${TOKEN}`,
      ...(method === "GET" ? {} : { origin: ORIGIN }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

interface DiffFile {
  path: string;
  blob: string | null;
  hunks: { newStart: number; newLines: number; oldStart: number; oldLines: number; kept?: true }[];
}

async function diffFile(path: string, query = ""): Promise<DiffFile | undefined> {
  const { json } = await send("GET", `/api/diff${query}`);
  return (json.files as DiffFile[]).find((file) => file.path === path);
}

const bytes = (path: string) => readFile(join(f.repo.dir, path));
const text = async (path: string) => (await bytes(path)).toString("utf8");

const BASE = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`)
  .join("\n")
  .concat("\n");

beforeEach(async () => {
  dbDir = await mkdtemp(join(tmpdir(), "ocr-changes-db-"));
  f = await makeServiceFixture({ "src/a.ts": BASE, "gone.txt": "bye\n", "keep.txt": "k\n" }, "tools", dbDir);
  // Two hunks: lines 3 and 25 of the agent's change.
  await f.repo.write("src/a.ts", BASE.replace("line 3\n", "agent 3\n").replace("line 25\n", "agent 25\nagent 25b\n"));
  app = build(f.service);
});

afterEach(async () => {
  await f.close();
  await rm(dbDir, { recursive: true, force: true });
});

describe("POST /api/changes/undo", () => {
  it("puts one hunk back, leaves the other, shrinks the diff, and restore gives back the agent's bytes", async () => {
    const agent = await bytes("src/a.ts");
    const before = await diffFile("src/a.ts");
    expect(before?.hunks).toHaveLength(2);
    const undo = await send("POST", "/api/changes/undo", { file: "src/a.ts", start: 25, end: 25, blob: before?.blob });
    expect(undo.status).toBe(200);
    expect(undo.json.change).toMatchObject({ kind: "undo", file: "src/a.ts", start: 25, end: 26, restoredAt: null });
    expect(undo.json.file.hunks).toHaveLength(1);
    expect(await text("src/a.ts")).toBe(BASE.replace("line 3\n", "agent 3\n"));
    expect((await diffFile("src/a.ts"))?.hunks).toHaveLength(1);
    expect(f.events.some((e) => e.type === "change")).toBe(true);

    const listed = await send("GET", "/api/changes");
    expect(listed.json.changes.map((c: { id: string }) => c.id)).toEqual([undo.json.change.id]);

    const restored = await send("POST", `/api/changes/${undo.json.change.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.json.change.restoredAt).not.toBeNull();
    expect((await bytes("src/a.ts")).equals(agent)).toBe(true);
    // Restored once: a second restore is refused and writes nothing.
    expect((await send("POST", `/api/changes/${undo.json.change.id}/restore`)).status).toBe(409);
  });

  it("is refused (409 stale, nothing written) when the agent wrote the file after the person read it", async () => {
    const read = await diffFile("src/a.ts");
    const agentText = BASE.replace("line 3\n", "agent 3 again\n");
    await f.repo.write("src/a.ts", agentText);
    const undo = await send("POST", "/api/changes/undo", { file: "src/a.ts", start: 3, end: 3, blob: read?.blob });
    expect(undo.status).toBe(409);
    expect(undo.json.error.code).toBe("stale");
    expect(undo.json.error.message).toMatch(/changed since you read it/);
    expect(await text("src/a.ts")).toBe(agentText);
    expect((await send("GET", "/api/changes")).json.changes).toEqual([]);
  });

  it("keeps CRLF line endings and a missing final newline byte for byte through undo then restore", async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `row ${i + 1}`);
    const base = lines.join("\r\n");
    const agent = `${lines.map((l, i) => (i === 1 ? "ROW 2" : l)).join("\r\n")}\r\nrow 13`;
    await f.repo.write("crlf.txt", base);
    await f.repo.commitAll("crlf");
    await f.repo.write("crlf.txt", agent);
    const mode = (await stat(join(f.repo.dir, "crlf.txt"))).mode;
    const read = await diffFile("crlf.txt");
    // base: the branch's review base is HEAD at the first round, taken now (crlf.txt is in it).
    const first = await send("POST", "/api/changes/undo", { file: "crlf.txt", start: 2, end: 2, blob: read?.blob });
    expect(first.status).toBe(200);
    expect(await text("crlf.txt")).toBe(`${base}\r\nrow 13`);
    const whole = await diffFile("crlf.txt");
    const second = await send("POST", "/api/changes/undo", { file: "crlf.txt", start: 13, end: 13, blob: whole?.blob });
    expect(second.status).toBe(200);
    expect((await bytes("crlf.txt")).equals(Buffer.from(base))).toBe(true);
    expect((await stat(join(f.repo.dir, "crlf.txt"))).mode).toBe(mode);
    expect((await send("POST", `/api/changes/${second.json.change.id}/restore`)).status).toBe(200);
    expect((await send("POST", `/api/changes/${first.json.change.id}/restore`)).status).toBe(200);
    expect((await bytes("crlf.txt")).equals(Buffer.from(agent))).toBe(true);
  });

  it("refuses a symlink that leads out of the work tree, and writes nothing there", async () => {
    const outside = await mkdtemp(join(tmpdir(), "ocr-outside-"));
    await writeFile(join(outside, "secret.txt"), "outside\n");
    await f.repo.write("link.txt", "plain\n");
    await f.repo.commitAll("link");
    await rm(join(f.repo.dir, "link.txt"));
    await symlink(join(outside, "secret.txt"), join(f.repo.dir, "link.txt"));
    const read = await diffFile("link.txt");
    const undo = await send("POST", "/api/changes/undo", { file: "link.txt", blob: read?.blob ?? null });
    expect(undo.status).toBe(400);
    expect(undo.json.error.code).toBe("outside_worktree");
    expect(await readFile(join(outside, "secret.txt"), "utf8")).toBe("outside\n");
    await rm(outside, { recursive: true, force: true });
  });

  it("deletes an added file and writes a deleted one back with its mode; restore undoes both", async () => {
    await f.repo.write("new.txt", "brand new\n");
    await rm(join(f.repo.dir, "gone.txt"));
    const added = await diffFile("new.txt");
    const undoAdded = await send("POST", "/api/changes/undo", { file: "new.txt", blob: added?.blob });
    expect(undoAdded.status).toBe(200);
    expect(undoAdded.json.file).toBeNull();
    await expect(stat(join(f.repo.dir, "new.txt"))).rejects.toThrow();

    const deleted = await diffFile("gone.txt");
    expect(deleted?.blob).toBeNull();
    const undoDeleted = await send("POST", "/api/changes/undo", { file: "gone.txt", blob: null });
    expect(undoDeleted.status).toBe(200);
    expect(await text("gone.txt")).toBe("bye\n");

    expect((await send("POST", `/api/changes/${undoAdded.json.change.id}/restore`)).status).toBe(200);
    expect(await text("new.txt")).toBe("brand new\n");
    expect((await send("POST", `/api/changes/${undoDeleted.json.change.id}/restore`)).status).toBe(200);
    await expect(stat(join(f.repo.dir, "gone.txt"))).rejects.toThrow();
  });

  it("undoes a renamed and edited file whole: the old path back with its old text, the new gone; restore puts back both", async () => {
    // The agent renamed src/a.ts to src/moved.ts and edited it (the edits of beforeEach, and one more line).
    const moved = Buffer.from((await text("src/a.ts")).replace("line 12\n", "agent 12\n"), "utf8");
    await rm(join(f.repo.dir, "src/a.ts"));
    await writeFile(join(f.repo.dir, "src/moved.ts"), moved);
    const read = (await send("GET", "/api/diff")).json.files.find(
      (file: { path: string }) => file.path === "src/moved.ts",
    );
    expect(read).toMatchObject({ oldPath: "src/a.ts" });
    const undo = await send("POST", "/api/changes/undo", { file: "src/moved.ts", blob: read.blob });
    expect(undo.status).toBe(200);
    expect(undo.json.change).toMatchObject({ kind: "undo", file: "src/moved.ts", oldPath: "src/a.ts", start: null });
    expect(undo.json.file).toBeNull();
    expect((await bytes("src/a.ts")).equals(Buffer.from(BASE, "utf8"))).toBe(true);
    await expect(stat(join(f.repo.dir, "src/moved.ts"))).rejects.toThrow();
    const after = (await send("GET", "/api/diff")).json.files.map((file: { path: string }) => file.path);
    expect(after).not.toContain("src/moved.ts");
    expect(after).not.toContain("src/a.ts");

    const restored = await send("POST", `/api/changes/${undo.json.change.id}/restore`);
    expect(restored.status).toBe(200);
    expect((await bytes("src/moved.ts")).equals(moved)).toBe(true);
    await expect(stat(join(f.repo.dir, "src/a.ts"))).rejects.toThrow();
    expect(
      (await send("GET", "/api/diff")).json.files.find((file: { path: string }) => file.path === "src/moved.ts"),
    ).toMatchObject({ oldPath: "src/a.ts" });
  });

  it("refuses to restore an undone rename once the old path was edited, and writes neither path", async () => {
    const moved = await bytes("src/a.ts");
    await rm(join(f.repo.dir, "src/a.ts"));
    await writeFile(join(f.repo.dir, "src/moved.ts"), moved);
    const read = await diffFile("src/moved.ts");
    const undo = await send("POST", "/api/changes/undo", { file: "src/moved.ts", blob: read?.blob });
    expect(undo.status).toBe(200);
    const edited = `${BASE}person's line\n`;
    await writeFile(join(f.repo.dir, "src/a.ts"), edited);
    const refused = await send("POST", `/api/changes/${undo.json.change.id}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("stale");
    expect(await text("src/a.ts")).toBe(edited);
    await expect(stat(join(f.repo.dir, "src/moved.ts"))).rejects.toThrow();
  });

  it("undoes a hunk that only deletes by its old-side lines", async () => {
    await f.repo.write("keep.txt", "");
    await f.repo.write("src/a.ts", BASE.replace("line 10\nline 11\n", ""));
    const read = await diffFile("src/a.ts");
    const undo = await send("POST", "/api/changes/undo", {
      file: "src/a.ts",
      side: "old",
      start: 10,
      end: 11,
      blob: read?.blob,
    });
    expect(undo.status).toBe(200);
    expect(await text("src/a.ts")).toBe(BASE);
    expect(undo.json.change).toMatchObject({ start: 10, end: 11 });
  });

  it("answers 409 for a diff that does not end at the work tree, and undoes against HEAD for uncommitted", async () => {
    const read = await diffFile("src/a.ts");
    const staged = await send("POST", "/api/changes/undo", { file: "src/a.ts", blob: read?.blob, view: "staged" });
    expect(staged.status).toBe(409);
    expect(staged.json.error.message).toMatch(/does not end|not at the work tree/);
    const uncommitted = await send("POST", "/api/changes/undo", {
      file: "src/a.ts",
      start: 3,
      end: 3,
      blob: read?.blob,
      view: "uncommitted",
    });
    expect(uncommitted.status).toBe(200);
    expect(await text("src/a.ts")).toBe(BASE.replace("line 25\n", "agent 25\nagent 25b\n"));
  });

  it("undoes a binary file whole only", async () => {
    await f.repo.write("logo.bin", new Uint8Array([0, 1, 2, 3, 0, 9]));
    await f.repo.commitAll("binary");
    await f.repo.write("logo.bin", new Uint8Array([0, 1, 2, 3, 0, 7, 7]));
    const read = await diffFile("logo.bin");
    const lines = await send("POST", "/api/changes/undo", { file: "logo.bin", start: 1, end: 1, blob: read?.blob });
    expect(lines.status).toBe(409);
    expect(lines.json.error.message).toMatch(/binary/);
    const whole = await send("POST", "/api/changes/undo", { file: "logo.bin", blob: read?.blob });
    expect(whole.status).toBe(200);
    expect([...(await bytes("logo.bin"))]).toEqual([0, 1, 2, 3, 0, 9]);
  });
});

describe("POST /api/changes/:id/restore", () => {
  it("restores over newer work elsewhere in the file, and refuses (with the kept text) where those lines changed", async () => {
    const read = await diffFile("src/a.ts");
    const undo = await send("POST", "/api/changes/undo", { file: "src/a.ts", start: 25, end: 25, blob: read?.blob });
    // The agent edits line 3 meanwhile; the undone lines are untouched.
    await f.repo.write("src/a.ts", (await text("src/a.ts")).replace("agent 3\n", "agent 3 edited\n"));
    const restored = await send("POST", `/api/changes/${undo.json.change.id}/restore`);
    expect(restored.status).toBe(200);
    expect(await text("src/a.ts")).toBe(
      BASE.replace("line 3\n", "agent 3 edited\n").replace("line 25\n", "agent 25\nagent 25b\n"),
    );

    const again = await diffFile("src/a.ts");
    const second = await send("POST", "/api/changes/undo", { file: "src/a.ts", start: 25, end: 26, blob: again?.blob });
    const newer = (await text("src/a.ts")).replace("line 25\n", "someone else's line 25\n");
    await f.repo.write("src/a.ts", newer);
    const refused = await send("POST", `/api/changes/${second.json.change.id}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("stale");
    expect(refused.json.error.details.kept).toBe("agent 25\nagent 25b\n");
    expect(await text("src/a.ts")).toBe(newer);
  });

  it("restores after the server was killed right after the undo (SIGKILL), from a new server on the same store", async () => {
    const agent = await bytes("src/a.ts");
    const read = await diffFile("src/a.ts");
    // This process's server stops (its store closed); the repository stays for the next one.
    await f.service.context.anchors.written();
    await f.store.close();
    const worker = fileURLToPath(new URL("../../service/changes/testing/undo-worker.ts", import.meta.url));
    const register = fileURLToPath(new URL("../../store/testing/register-typescript.mjs", import.meta.url));
    const dbPath = join(dbDir, "review.sqlite");
    const child = watchLines(
      spawn(
        process.execPath,
        ["--import", register, worker, f.repo.dir, dbPath, "src/a.ts", "3", "3", String(read?.blob)],
        { stdio: ["pipe", "pipe", "pipe"] },
      ),
      "undo worker",
    );
    const id = (await child.waitFor("undone ")).slice("undone ".length);
    child.child.kill("SIGKILL");
    expect((await child.exited).signal).toBe("SIGKILL");
    expect(await text("src/a.ts")).toBe(BASE.replace("line 25\n", "agent 25\nagent 25b\n"));

    const store = await openStore({ path: dbPath });
    const bus = createEventBus();
    const service = createReviewService({
      dir: f.repo.dir,
      store,
      bus,
      delivery: { mode: "tools", deliver: async () => null },
      now: systemClock,
    });
    const restarted = build(service);
    try {
      expect((await send("GET", "/api/changes", undefined, restarted)).json.changes[0].id).toBe(id);
      const restored = await send("POST", `/api/changes/${id}/restore`, undefined, restarted);
      expect(restored.status).toBe(200);
      expect((await bytes("src/a.ts")).equals(agent)).toBe(true);
    } finally {
      await service.context.anchors.written();
      await store.close();
    }
    // The fixture's store is closed already; only its repository is left to remove.
    const repo = f.repo;
    f = { ...f, close: () => repo.remove() };
  }, 30_000);
});

describe("POST /api/changes/keep", () => {
  it("marks the hunk kept until its text changes", async () => {
    const read = await diffFile("src/a.ts");
    const kept = await send("POST", "/api/changes/keep", { file: "src/a.ts", start: 3, end: 3, blob: read?.blob });
    expect(kept.status).toBe(200);
    expect(kept.json.file.hunks.map((h: { kept?: boolean }) => h.kept === true)).toEqual([true, false]);
    expect((await diffFile("src/a.ts"))?.hunks.map((h) => h.kept === true)).toEqual([true, false]);
    await f.repo.write("src/a.ts", (await text("src/a.ts")).replace("agent 3\n", "agent 3, again\n"));
    expect((await diffFile("src/a.ts"))?.hunks.map((h) => h.kept === true)).toEqual([false, false]);
  });

  it("is refused as stale when the file changed since it was read", async () => {
    const read = await diffFile("src/a.ts");
    await f.repo.write("src/a.ts", BASE);
    const kept = await send("POST", "/api/changes/keep", { file: "src/a.ts", start: 3, end: 3, blob: read?.blob });
    expect(kept.status).toBe(409);
    expect(kept.json.error.code).toBe("stale");
  });
});

describe("POST /api/threads/:id/apply", () => {
  it("writes the suggestion over the thread's lines where they are now, and can be restored", async () => {
    const agent = await bytes("src/a.ts");
    const thread = await f.service.draftThread({
      file: "src/a.ts",
      start: 3,
      end: 3,
      body: "Say it plainly.",
      suggestion: ["plain 3", "plain 3b"],
    });
    // The agent adds a line above: the thread's line moves to 4.
    await f.repo.write("src/a.ts", `top\n${agent.toString("utf8")}`);
    const applied = await send("POST", `/api/threads/${thread.id}/apply`, {});
    expect(applied.status).toBe(200);
    expect(applied.json.change).toMatchObject({ kind: "apply", file: "src/a.ts", start: 4, end: 4 });
    expect(await text("src/a.ts")).toBe(`top\n${agent.toString("utf8").replace("agent 3\n", "plain 3\nplain 3b\n")}`);
    expect((await send("POST", `/api/changes/${applied.json.change.id}/restore`)).status).toBe(200);
    expect(await text("src/a.ts")).toBe(`top\n${agent.toString("utf8")}`);
  });

  it("refuses an old-side thread and a thread whose lines changed, saying why", async () => {
    await f.repo.write("src/a.ts", BASE.replace("line 10\n", ""));
    const old = await f.service.draftThread({
      file: "src/a.ts",
      side: "old",
      start: 10,
      end: 10,
      body: "Keep it?",
      suggestion: ["x"],
    });
    const refusedOld = await send("POST", `/api/threads/${old.id}/apply`, {});
    expect(refusedOld.status).toBe(409);
    expect(refusedOld.json.error.message).toMatch(/old side/);

    const thread = await f.service.draftThread({ file: "src/a.ts", start: 3, end: 3, body: "Hm.", suggestion: ["y"] });
    await f.repo.write("src/a.ts", BASE.replace("line 10\n", "").replace("line 3\n", "edited 3\n"));
    const refused = await send("POST", `/api/threads/${thread.id}/apply`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/edited since/);
    expect(await text("src/a.ts")).toContain("edited 3\n");
  });
});

describe("the agent hears of it", () => {
  it("reads the undo at the top of its next review_list, once, and in the waiting line until then", async () => {
    const read = await diffFile("src/a.ts");
    await send("POST", "/api/changes/undo", { file: "src/a.ts", start: 25, end: 25, blob: read?.blob });
    const notice = "The person undid your change to src/a.ts lines 25–26: leave it undone unless asked.";
    const waiting = async () =>
      renderWaitingLine({ ...(await f.service.waitingForAgent()), changes: await f.service.untoldChanges() });
    expect(await waiting()).toBe(`Code review: ${notice}`);
    const first = await reviewList(f.service, {}, { session: "ses_1" }, 0);
    expect(first.output.startsWith(notice)).toBe(true);
    expect(first.metadata).toMatchObject({ changes: [{ kind: "undo", file: "src/a.ts", start: 25, end: 26 }] });
    expect(await waiting()).toBeNull();
    const second = await reviewList(f.service, {}, { session: "ses_1" }, 0);
    expect(second.output).not.toContain("undid");
  });
});

// A file's mode survives an undo (a script stays executable).
describe("modes", () => {
  it("keeps an executable file executable", async () => {
    await f.repo.write("run.sh", "echo one\n");
    await chmod(join(f.repo.dir, "run.sh"), 0o755);
    await f.repo.commitAll("script");
    await f.repo.write("run.sh", "echo two\n");
    const read = await diffFile("run.sh");
    expect(
      (await send("POST", "/api/changes/undo", { file: "run.sh", start: 1, end: 1, blob: read?.blob })).status,
    ).toBe(200);
    expect((await stat(join(f.repo.dir, "run.sh"))).mode & 0o777).toBe(0o755);
    expect(await text("run.sh")).toBe("echo one\n");
  });
});
