import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGit } from "../git/index.js";
import { buildDemo, type BuiltDemo } from "./build-demo.js";
import { findDemoRepoFolder } from "./demo-repo-folder.js";

describe("buildDemo", () => {
  let demo: BuiltDemo;
  beforeAll(async () => {
    demo = await buildDemo(findDemoRepoFolder());
  });
  afterAll(async () => {
    if (demo) await rm(demo.folder, { recursive: true, force: true });
  });

  it("commits only the base and leaves the agent's two rounds in the work tree", async () => {
    expect((await runGit(demo.workTree, ["log", "--format=%s"])).trim()).toBe("base: a small tasks API");
    const status = await runGit(demo.workTree, ["status", "--porcelain"]);
    expect(status).toContain(" D src/format.ts");
    expect(status).toContain("?? src/paginate.ts");
    expect(status).toContain(" M src/store.ts");
    // The round's own instructions are never laid into the repository.
    expect(existsSync(`${demo.workTree}/.deleted`)).toBe(false);
  });

  it("a: the agent fixed the code under the thread, so its resolve was accepted", () => {
    const t = demo.threads.resolved;
    // Resolved by the agent, with its reply still for the person to read.
    expect(t).toMatchObject({ file: "src/validate.ts", status: "resolved", resolvedBy: "agent", unreadByHuman: true });
    expect(t.anchor.state).toBe("changed");
    expect(t.quoted).toEqual(['+  const page = Number(value ?? "1");', "+  return page;"]);
  });

  it("b: the commented line is gone: outdated, answered, awaiting the person", () => {
    const t = demo.threads.outdated;
    expect(t).toMatchObject({ file: "src/store.ts", status: "open", awaiting: "human", unreadByHuman: true });
    expect(t.anchor.state).toBe("outdated");
    expect(t.messages.map((m) => m.author)).toEqual(["human", "agent"]);
  });

  it("c: the code only moved, so the agent's resolve was refused; the thread stays open on the person", () => {
    const t = demo.threads.refused;
    expect(t).toMatchObject({ file: "src/store.ts", status: "open", awaiting: "human", resolvedAt: null });
    expect(t.anchor).toMatchObject({ state: "moved", start: 41, end: 43 });
  });

  it("d: a suggestion waits on the agent, its line untouched", () => {
    const t = demo.threads.suggestion;
    expect(t).toMatchObject({ file: "src/render.ts", status: "open", awaiting: "agent", start: 11, end: 11 });
    expect(t.anchor.state).toBe("current");
    expect(t.messages[0]!.suggestion).toEqual(["  lines.push(`page ${page.page}/${page.pages}`);"]);
  });

  it("e: a comment on a deleted line, answered", () => {
    const t = demo.threads.deletedLine;
    expect(t).toMatchObject({ file: "src/server.ts", side: "old", start: 9, status: "open", awaiting: "human" });
    expect(t.quoted).toEqual(['-  if (req.method === "GET" && req.url === "/tasks") {']);
    expect(t.messages.at(-1)!.body).toBe("Thanks");
  });

  it("f: a whole-file comment waits on the agent", () => {
    expect(demo.threads.wholeFile).toMatchObject({
      file: "src/paginate.ts",
      start: null,
      end: null,
      status: "open",
      awaiting: "agent",
    });
  });

  it("g: the agent's note waits on the person", () => {
    const t = demo.threads.agentNote;
    expect(t).toMatchObject({ file: "src/paginate.ts", origin: "agent", start: 9, status: "open", awaiting: "human" });
    expect(t.quoted).toEqual(["+  const start = (page - 1) * size;"]);
  });

  it("h: one draft, unsent", () => {
    const t = demo.threads.draft;
    expect(t).toMatchObject({ file: "src/server.ts", status: "draft", start: 22, end: 23 });
    expect(t.messages.map((m) => m.delivery)).toEqual(["unsent"]);
  });

  it("released every comment but the draft, and the scripted agent read them all (delivered)", () => {
    const { draft, agentNote, ...released } = demo.threads;
    for (const thread of Object.values(released)) expect(thread.messages[0]!.delivery).toBe("delivered");
    expect(draft.messages[0]!.delivery).toBe("unsent");
  });

  it("shows one accepted and one refused resolve claim on the agent's messages", () => {
    expect(demo.threads.resolved.messages.at(-1)!.claim).toEqual({ resolved: true, accepted: true });
    expect(demo.threads.refused.messages.at(-1)!.claim).toEqual({
      resolved: true,
      accepted: false,
      reason: "the lines only moved",
    });
    expect(demo.threads.outdated.messages.at(-1)!.claim).toBeUndefined();
  });
});
