import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeServiceFixture, type ServiceFixture } from "../testing/service-fixture.js";

// Rounds of every shape a work tree takes, through the service the tools and the panel use (take a round,
// comment on it, list the threads), on top of the git-level tests of the same shapes.

const TEN = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function setup(files: Record<string, string>, options: { readonly commitBase?: boolean } = {}) {
  fixture = await makeServiceFixture(files, "tools", undefined, options);
  return fixture;
}

/** What a user's git shows: HEAD, the branch, the index and the status; a round must change none of it. */
async function gitState(f: ServiceFixture) {
  return {
    head: await f.repo.git("rev-parse", "-q", "--verify", "HEAD").catch(() => "none"),
    branch: await f.repo.git("symbolic-ref", "-q", "HEAD").catch(() => "detached"),
    index: await f.repo.git("ls-files", "--stage"),
    status: await f.repo.git("status", "--porcelain", "--untracked-files=all"),
    branches: await f.repo.git("branch", "--list"),
  };
}

describe("rounds of each shape, taken, commented on and listed through the service", () => {
  test("a file renamed in the round: the diff pairs the names, comments land on its lines, a later rename is followed", async () => {
    const f = await setup({ "src/old-name.ts": TEN });
    // As an agent renames: the old file removed from disk, the new one written, nothing staged.
    await rm(join(f.repo.dir, "src/old-name.ts"));
    await f.repo.write("src/new-name.ts", TEN.replace("line5 = 5", "line5 = 50"));
    const before = await gitState(f);
    const round = await f.service.takeRound();
    expect(await gitState(f)).toEqual(before);

    const files = await f.service.diff({ from: "base", to: round.id });
    expect(files.map((d) => ({ path: d.path, oldPath: d.oldPath, status: d.status }))).toEqual([
      { path: "src/new-name.ts", oldPath: "src/old-name.ts", status: "renamed" },
    ]);
    // Line 4 is unchanged by the rename: the diff shows it as context, and so does the thread's quote.
    const kept = await f.service.draftThread({
      file: "src/new-name.ts",
      start: 4,
      end: 5,
      roundId: round.id,
      body: "Why 50?",
    });
    expect(kept.quoted).toEqual([" const line4 = 4;", "+const line5 = 50;"]);
    await f.service.release({});

    await f.repo.git("add", "-A");
    await f.repo.git("mv", "src/new-name.ts", "src/newest.ts");
    const listed = await f.service.listThreads({ status: "all" });
    expect(listed.find((t) => t.id === kept.id)!.anchor).toEqual({
      state: "current",
      start: 4,
      end: 5,
      file: "src/newest.ts",
    });
  });

  test("a deleted file: its lines take comments on the old side, the new side is refused, restoring it changes them", async () => {
    const f = await setup({ "src/gone.ts": TEN, "src/stays.ts": "export {};\n" });
    await f.repo.git("rm", "-q", "src/gone.ts");
    const round = await f.service.takeRound();
    const files = await f.service.diff({ from: "base", to: round.id });
    expect(files.map((d) => [d.path, d.status])).toEqual([["src/gone.ts", "deleted"]]);

    const line = await f.service.draftThread({
      file: "src/gone.ts",
      side: "old",
      start: 2,
      end: 3,
      body: "Still used by the CLI.",
    });
    expect(line.quoted).toEqual(["-const line2 = 2;", "-const line3 = 3;"]);
    await expect(f.service.draftThread({ file: "src/gone.ts", start: 2, body: "x" })).rejects.toMatchObject({
      code: "out_of_range",
    });
    const whole = await f.service.draftThread({ file: "src/gone.ts", side: "old", body: "Why delete it?" });
    await f.service.release({});

    const anchors = async () =>
      new Map((await f.service.listThreads({ status: "all" })).map((t) => [t.id, t.anchor.state]));
    expect(await anchors()).toEqual(
      new Map([
        [line.id, "current"],
        [whole.id, "current"],
      ]),
    );
    await f.repo.write("src/gone.ts", TEN);
    expect((await anchors()).get(line.id)).toBe("changed");
  });

  test("a binary file: a whole-file comment is taken and followed, a line comment is refused", async () => {
    const f = await setup({ "src/app.ts": TEN });
    await f.repo.write("assets/logo.png", PNG);
    const round = await f.service.takeRound();
    const files = await f.service.diff({ from: "base", to: round.id });
    expect(files).toMatchObject([{ path: "assets/logo.png", status: "added", binary: true, hunks: [] }]);

    await expect(f.service.draftThread({ file: "assets/logo.png", start: 1, body: "x" })).rejects.toMatchObject({
      code: "binary",
    });
    const whole = await f.service.draftThread({ file: "assets/logo.png", body: "Too big for a logo." });
    expect(whole).toMatchObject({ start: null, end: null, quoted: [], anchor: { state: "current" } });
    await f.service.release({});

    await f.repo.write("assets/logo.png", new Uint8Array([...PNG, 0, 1, 2]));
    expect((await f.service.listThreads({}))[0]!.anchor.state).toBe("current");
    await rm(join(f.repo.dir, "assets/logo.png"));
    expect((await f.service.listThreads({}))[0]!.anchor.state).toBe("outdated");
  });

  test("untracked files are in the round (ignored ones are not) and nothing is staged", async () => {
    const f = await setup({ "src/app.ts": TEN, ".gitignore": ".env\n" });
    await f.repo.write("src/brand-new.ts", "export const fresh = true;\n");
    await f.repo.write(".env", "SECRET=1\n");
    const before = await gitState(f);
    const round = await f.service.takeRound();
    expect(await gitState(f)).toEqual(before);
    expect(before.status).toContain("?? src/brand-new.ts");

    const files = await f.service.diff({ from: "base", to: round.id });
    expect(files.map((d) => [d.path, d.status])).toEqual([["src/brand-new.ts", "added"]]);
    const t = await f.service.draftThread({ file: "src/brand-new.ts", start: 1, body: "Export it from the index." });
    expect(t.quoted).toEqual(["+export const fresh = true;"]);
    await expect(f.service.draftThread({ file: ".env", start: 1, body: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    await f.service.release({});
    expect(await gitState(f)).toEqual(before);
    expect((await f.service.listThreads({}))[0]!.anchor).toEqual({ state: "current", start: 1, end: 1 });
  });

  test("a detached HEAD is its own line of work: own rounds from 1, own threads; back on the branch, the branch's", async () => {
    const f = await setup({ "src/app.ts": TEN });
    const first = (await f.repo.git("rev-parse", "HEAD")).trim();
    await f.repo.write("src/app.ts", TEN.replace("line2 = 2", "line2 = 20"));
    const onMain = await f.service.draftThread({ file: "src/app.ts", start: 2, body: "On main." });
    await f.service.release({});
    await f.repo.commitAll("second");

    await f.repo.git("checkout", "-q", "--detach", first);
    expect(await f.service.listThreads({ status: "all" })).toEqual([]);
    expect(await f.service.listRounds()).toEqual([]);
    await f.repo.write("src/app.ts", TEN.replace("line7 = 7", "line7 = 70"));
    const round = await f.service.takeRound();
    expect(round).toMatchObject({ ordinal: 1, base: first });
    const detached = await f.service.draftThread({ file: "src/app.ts", start: 7, body: "Detached." });
    expect(detached.quoted).toEqual(["+const line7 = 70;"]);
    expect((await f.service.listThreads({ status: "all" })).map((t) => t.id)).toEqual([detached.id]);

    await f.repo.git("checkout", "-q", "--", "src/app.ts");
    await f.repo.git("checkout", "-q", "main");
    expect((await f.service.listThreads({ status: "all" })).map((t) => t.id)).toEqual([onMain.id]);
    expect((await f.service.listRounds()).map((r) => r.ordinal)).toEqual([1]);
    // Back on the detached commit, its pending draft is still there.
    await f.repo.git("checkout", "-q", "--detach", first);
    expect((await f.service.pendingReview()).drafts.threads.map((t) => t.id)).toEqual([detached.id]);
  });

  test("a branch switch: each branch has its rounds, threads and pending review; a release takes only its own", async () => {
    const f = await setup({ "src/app.ts": TEN });
    await f.repo.write("src/app.ts", TEN.replace("line3 = 3", "line3 = 30"));
    const mainDraft = await f.service.draftThread({ file: "src/app.ts", start: 3, body: "Main's draft." });
    await f.repo.commitAll("main work");

    await f.repo.git("checkout", "-q", "-b", "feature");
    await f.repo.write("src/app.ts", TEN.replace("line3 = 3", "line3 = 30").replace("line9 = 9", "line9 = 90"));
    expect(await f.service.listThreads({ status: "all" })).toEqual([]);
    const round = await f.service.takeRound();
    expect(round.ordinal).toBe(1);
    const featureDraft = await f.service.draftThread({ file: "src/app.ts", start: 9, body: "Feature's draft." });
    const { review } = await f.service.release({});
    expect(review.messages).toBe(1);
    expect((await f.service.listThreads({ status: "all" })).map((t) => [t.id, t.status])).toEqual([
      [featureDraft.id, "open"],
    ]);

    await f.repo.git("stash", "-q", "-u");
    await f.repo.git("checkout", "-q", "main");
    const back = await f.service.listThreads({ status: "all" });
    expect(back.map((t) => [t.id, t.status])).toEqual([[mainDraft.id, "draft"]]);
    expect((await f.service.agentList({})).threads).toEqual([]);
    await f.repo.git("checkout", "-q", "feature");
    await f.repo.git("stash", "pop", "-q");
    expect((await f.service.agentList({})).threads.map((t) => t.id)).toEqual([featureDraft.id]);
  });

  test("a repository with no commits: the round's base is the empty tree, every line is new, the first commit keeps the threads", async () => {
    const f = await setup({ "src/app.ts": TEN }, { commitBase: false });
    const before = await gitState(f);
    expect(before.head).toBe("none");
    const round = await f.service.takeRound();
    expect(await gitState(f)).toEqual(before);
    expect(round.base).toBe((await f.service.repository()).emptyTree);
    const files = await f.service.diff({ from: "base", to: round.id });
    expect(files.map((d) => [d.path, d.status])).toEqual([["src/app.ts", "added"]]);

    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 5, body: "Name these." });
    expect(t.quoted).toEqual(["+const line4 = 4;", "+const line5 = 5;"]);
    await f.service.release({});
    await f.repo.commitAll("first");
    const [listed] = await f.service.listThreads({ status: "all" });
    expect(listed).toMatchObject({ id: t.id, status: "open", anchor: { state: "current", start: 4, end: 5 } });
    // Later rounds keep the review's base, so the first commit does not hide the change.
    await f.repo.write("src/app.ts", TEN + "const line11 = 11;\n");
    const next = await f.service.takeRound();
    expect(next).toMatchObject({ ordinal: 2, base: round.base });
  });
});
