import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { openTuiBackend, withBranch } from "./open-tui-backend.js";
import { changesOf, outcomeValue } from "./testing/backend-answers.js";
import { systemClock } from "../service/clock.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const onCleanup = cleanUpAfterEach();

async function repository(files: Record<string, string>, change: Record<string, string>): Promise<TempRepository> {
  const repo = await makeTempRepository();
  onCleanup(() => repo.remove());
  for (const [path, text] of Object.entries(files)) await repo.write(path, text);
  await repo.commitAll("base");
  for (const [path, text] of Object.entries(change)) await repo.write(path, text);
  return repo;
}

describe("the terminal half's backend (real git, real SQLite)", () => {
  it("reviews, drafts, and releases as prose to the session it is given when no server half runs in this process", async () => {
    const repo = await repository({ "a.ts": "one\ntwo\n" }, { "a.ts": "one\nTWO\n" });
    const sent: { sessionId: string; text: string }[] = [];
    const backend = await openTuiBackend({
      dir: repo.dir,
      options: {},
      send: async (sessionId, text) => (sent.push({ sessionId, text }), true),
      pid: -1,
    });
    onCleanup(() => backend.close());
    const { files } = await outcomeValue(backend.diff({ from: "base", to: "worktree" }));
    expect(files.map((f) => f.path)).toEqual(["a.ts"]);
    // Reading the diff took the first round; after that, nothing until someone writes.
    expect(changesOf(await outcomeValue(backend.readChanges()))).toEqual({
      threads: false,
      rounds: true,
      run: null,
      viewed: false,
      bases: false,
    });
    expect(changesOf(await outcomeValue(backend.readChanges()))).toEqual({
      threads: false,
      rounds: false,
      run: null,
      viewed: false,
      bases: false,
    });
    const { thread } = await outcomeValue(
      backend.createThread({ file: "a.ts", side: "new", start: 2, end: 2, body: "Why upper case?" }),
    );
    expect(thread.status).toBe("draft");
    expect(changesOf(await outcomeValue(backend.readChanges())).threads).toBe(true);
    const released = await outcomeValue(backend.release("ses_person"));
    expect(released.review).toMatchObject({ messages: 1, mode: "prose", deliveredTo: "ses_person" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("Why upper case?");
    expect(sent[0]!.text).not.toMatch(/review_(list|reply|open)/);
    expect((await outcomeValue(backend.threads())).threads.map((t) => t.status)).toEqual(["open"]);
    expect(await outcomeValue(backend.panelUrl())).toBeNull();
    // The release took a round of the work tree as it is: nothing changed since it.
    const { rounds } = await outcomeValue(backend.rounds());
    expect(rounds.length).toBeGreaterThan(0);
    expect((await outcomeValue(backend.diff({ from: rounds[rounds.length - 1]!.id, to: "worktree" }))).files).toEqual(
      [],
    );
  });

  it("opens another work tree's branch in the same view: its diff and threads, a comment and a release for its agent (never this session), another process's reply live; a branch checked out nowhere is read-only", async () => {
    const repo = await repository({ "a.ts": "one\ntwo\n" }, {});
    const worktreeB = join(await mkdtemp(join(tmpdir(), "ocr-tui-branch-")), "agent-b");
    onCleanup(() => rm(join(worktreeB, ".."), { recursive: true, force: true }));
    await repo.git("worktree", "add", "-q", "-b", "agent-b", worktreeB);
    await writeFile(join(worktreeB, "a.ts"), "one\nB's two\n");
    await repo.git("branch", "agent-gone");
    const sent: string[] = [];
    const backend = await openTuiBackend({
      dir: repo.dir,
      options: {},
      send: async (sessionId) => (sent.push(sessionId), true),
      pid: -1,
    });
    onCleanup(() => backend.close());

    const { branches } = await outcomeValue(backend.branches());
    expect(branches.map((b) => [b.branch, b.worktree])).toEqual(
      expect.arrayContaining([
        ["agent-b", worktreeB],
        ["main", repo.dir],
      ]),
    );
    expect(await outcomeValue(backend.forBranch("main"))).toBe(backend);
    const onB = await outcomeValue(backend.forBranch("agent-b"));
    expect(onB.where).toEqual({ workTree: worktreeB, branch: "agent-b" });
    const { files } = await outcomeValue(onB.diff({ from: "base", to: "worktree" }));
    expect(JSON.stringify(files)).toContain("B's two");
    expect((await outcomeValue(backend.diff({ from: "base", to: "worktree" }))).files).toEqual([]);

    const { thread } = await outcomeValue(
      onB.createThread({ file: "a.ts", side: "new", start: 2, end: 2, body: "Why B's?" }),
    );
    expect((await outcomeValue(onB.threads())).threads.map((t) => t.id)).toEqual([thread.id]);
    expect((await outcomeValue(backend.threads())).threads).toEqual([]);
    // Released with the person's own session at hand: it still waits for the agent in agent-b's work tree.
    const released = await outcomeValue(onB.release("ses_person"));
    expect(released.review.delivery).toMatchObject({ state: "pending" });
    expect(sent).toEqual([]);
    await outcomeValue(onB.readChanges());

    // The agent there (another process on the same store) answers: the branch's view hears it from the change log.
    const store = await openStore({ path: defaultDbPath(await openRepository(worktreeB)) });
    onCleanup(() => store.close());
    const agentB = createReviewService({
      now: systemClock,
      dir: worktreeB,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    await agentB.agentReply({ id: thread.id, text: "B's way is faster." });
    const heard = await outcomeValue(onB.readChanges());
    expect(heard.flatMap((e) => (e.type === "thread" ? e.thread.messages.map((m) => m.body) : []))).toContain(
      "B's way is faster.",
    );
    expect(changesOf(await outcomeValue(backend.readChanges())).threads).toBe(false);

    // A branch checked out nowhere reads, and refuses writes saying why.
    const gone = await outcomeValue(backend.forBranch("agent-gone"));
    expect((await outcomeValue(gone.threads())).threads).toEqual([]);
    const refused = await gone.createThread({ file: "a.ts", body: "no" });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? "" : refused.error.message).toContain("checked out in no work tree");
    expect((await backend.forBranch("no-such-branch")).ok).toBe(false);
  });

  it("opens the web panel on the branch the view shows (o): the link's fragment names it beside the token", () => {
    const link = withBranch("http://127.0.0.1:4321/#token=ab", "agent-b");
    expect(link).toBe("http://127.0.0.1:4321/#token=ab&branch=agent-b");
    // The panel reads the branch from the same fragment it takes the token from (see addressOf in the panel).
    expect(new URLSearchParams(new URL(link).hash.slice(1)).get("branch")).toBe("agent-b");
  });

  it("keeps the branch view the person picks in the store, where the web panel's GET /api/bases reads it", async () => {
    const repo = await repository({ "a.ts": "one\ntwo\n" }, {});
    await repo.git("checkout", "-q", "-b", "work");
    await repo.write("a.ts", "one\nTWO\n");
    await repo.commitAll("the work");
    const backend = await openTuiBackend({ dir: repo.dir, options: {}, send: async () => true, pid: -1 });
    onCleanup(() => backend.close());
    expect(await outcomeValue(backend.bases())).toMatchObject({ branches: [{ name: "main" }], picked: null });
    // Against main the committed work shows; against the review's base (HEAD at the first round) it does not.
    expect(
      (await outcomeValue(backend.diff({ from: "branch:main", to: "worktree" }))).files.map((f) => f.path),
    ).toEqual(["a.ts"]);
    await outcomeValue(backend.pickBase("branch:main"));
    // Another process's service on the same store: what the web panel's GET /api/bases answers.
    const store = await openStore({ path: defaultDbPath(await openRepository(repo.dir)) });
    onCleanup(() => store.close());
    const there = createReviewService({
      now: systemClock,
      dir: repo.dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    expect((await there.reviewBases()).picked).toBe("branch:main");
    await expect(outcomeValue(backend.pickBase("branch:nowhere"))).rejects.toThrow(/GET \/api\/bases/);
    await outcomeValue(backend.pickBase(null));
    expect((await there.reviewBases()).picked).toBeNull();
  });

  it("hears from the change log a reviewer run another process drives, and its findings once released", async () => {
    const repo = await repository({ "a.ts": "one\ntwo\n" }, { "a.ts": "one\nTWO\n" });
    const backend = await openTuiBackend({ dir: repo.dir, options: {}, send: async () => true, pid: -1 });
    onCleanup(() => backend.close());
    await outcomeValue(backend.readChanges());
    // The server half of another opencode process, on the same store file.
    const store = await openStore({ path: defaultDbPath(await openRepository(repo.dir)) });
    onCleanup(() => store.close());
    const there = createReviewService({
      now: systemClock,
      dir: repo.dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    const { run } = await there.recordRun({ parentSessionId: "ses_impl", model: "fake/reviewer" });
    const started = changesOf(await outcomeValue(backend.readChanges()));
    expect(started.run).toMatchObject({ id: run.id, status: "pending" });
    expect(started.threads).toBe(false);
    const running = (await there.changeRun(run.id, { status: "running", session_id: "ses_rev" }, ["pending"]))!;
    await there.pinFinding(running, { file: "a.ts", start: 2, body: "Why upper case?", severity: "minor" });
    expect(changesOf(await outcomeValue(backend.readChanges())).run).toMatchObject({ status: "running", findings: 1 });
    expect((await outcomeValue(backend.findings())).findings).toEqual([]);
    await there.releaseRun(running, { summary: "One.", verdict: "comment" });
    const released = changesOf(await outcomeValue(backend.readChanges()));
    expect(released).toMatchObject({ threads: true, run: { status: "completed", findings: 1 } });
    expect((await outcomeValue(backend.findings())).findings.map((f) => [f.severity, f.messages[0]!.body])).toEqual([
      ["minor", "Why upper case?"],
    ]);
    expect(changesOf(await outcomeValue(backend.readChanges()))).toEqual({
      threads: false,
      rounds: false,
      run: null,
      viewed: false,
      bases: false,
    });
  });

  it("says in one line what to do in a folder that is not a git repository, and refuses bad tui.json options", async () => {
    const dir = await mkdtemp(join(tmpdir(), "opencode-review-notgit-"));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    await expect(openTuiBackend({ dir, options: {}, send: async () => true })).rejects.toThrow(
      /is not a git repository, so there is nothing to review here\. Run git init/,
    );
    const repo = await repository({ "a.ts": "a\n" }, {});
    await expect(openTuiBackend({ dir: repo.dir, options: { tools: "yes" }, send: async () => true })).rejects.toThrow(
      /tui\.json/,
    );
  });

  it("refuses a store file that is not its database, and leaves it as it was", async () => {
    const repo = await repository({ "a.ts": "a\n" }, {});
    const folder = await mkdtemp(join(tmpdir(), "opencode-review-db-"));
    onCleanup(() => rm(folder, { recursive: true, force: true }));
    await mkdir(folder, { recursive: true });
    const path = join(folder, "review.sqlite");
    await writeFile(path, "not a database");
    await expect(openTuiBackend({ dir: repo.dir, options: { dbPath: path }, send: async () => true })).rejects.toThrow(
      /review\.sqlite/,
    );
    expect(await readFile(path, "utf8")).toBe("not a database");
  });

  it("reads both sides of a changed image and compares their pixels in a worker (the built one), loads a file too large to show on request, and keeps unsent text in a 0600 file beside its store", async () => {
    const repo = await repository({ "a.ts": "a\n" }, {});
    const { PNG } = await import("pngjs");
    const image = (width: number, height: number, red: number, redPixels = width * height) => {
      const png = new PNG({ width, height });
      for (let i = 0; i < width * height; i++) png.data.set([i < redPixels ? red : 0, 0, 0, 255], i * 4);
      return PNG.sync.write(png);
    };
    await writeFile(join(repo.dir, "logo.png"), image(20, 10, 0));
    await repo.commitAll("image");
    await writeFile(join(repo.dir, "logo.png"), image(20, 10, 255, 50));
    await writeFile(join(repo.dir, "big.txt"), Array.from({ length: 20_001 }, (_, i) => `line ${i}`).join("\n") + "\n");
    const folder = await mkdtemp(join(tmpdir(), "opencode-review-db-"));
    onCleanup(() => rm(folder, { recursive: true, force: true }));
    const backend = await openTuiBackend({
      dir: repo.dir,
      options: { dbPath: join(folder, "review.sqlite") },
      send: async () => true,
      pid: -1,
    });
    onCleanup(() => backend.close());
    const range = { from: "base", to: "worktree" };
    const { files } = await outcomeValue(backend.diff(range));
    const logo = files.find((f) => f.path === "logo.png")!;
    expect(logo.binary).toBe(true);
    const sides = await outcomeValue(backend.binaryVersions(logo, range));
    expect(sides.before).toMatchObject({ label: "PNG", dimensions: { width: 20, height: 10 } });
    expect(await sides.comparison).toEqual({
      state: "compared",
      difference: { width: 20, height: 10, changed: 50, share: 0.25, box: { x: 0, y: 0, width: 20, height: 3 } },
    });

    expect(files.find((f) => f.path === "big.txt")?.tooLarge?.canLoad).toBe(true);
    const full = (await outcomeValue(backend.fullFileDiff(range, "big.txt"))).files[0];
    expect(full?.tooLarge).toBeUndefined();
    expect(full?.hunks[0]?.lines).toHaveLength(20_001);

    backend.unsentStorage!.setItem("k", "typed words");
    const kept = join(folder, "unsent-text.json");
    expect(JSON.parse(await readFile(kept, "utf8"))).toEqual({ k: "typed words" });
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
  });
});
