import type { ToolContext } from "@opencode-ai/plugin";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../http/create-app.js";
import { loopbackHosts } from "../http/loopback.js";
import { apiRoutes } from "../http/routes/index.js";
import { makeServiceFixture, type ServiceFixture } from "../service/testing/service-fixture.js";
import { insertRun, writeTransaction } from "../store/index.js";
import { createReviewerTools } from "../tools/reviewer-tools.js";
import { createReviewTools } from "../tools/review-tools.js";
import type { ReviewerLauncher } from "./reviewer-launcher.js";
import { createRunSupervisor, type RunSupervisor } from "./run-supervisor.js";

// Runs and findings over a real git repository, a real SQLite file and the real Hono app. The launcher
// here stands where opencode is (its sessions and prompts are recorded); the same flow against the real
// opencode binary is in testing/opencode-reviewer.test.ts.

const PORT = 4322;
const TOKEN = "reviewer-test-token";
const BASE = [
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
].join("\n");
const CHANGED = [
  "export function total(xs: number[]) {",
  "  let sum = 1;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
  "export const half = (x: number) => x / 2;",
  "",
].join("\n");

let f: ServiceFixture | undefined;
let supervisor: RunSupervisor | undefined;
afterEach(async () => {
  supervisor?.close();
  supervisor = undefined;
  await f?.close();
  f = undefined;
});

function recordingLauncher() {
  const sessions: { id: string; parent: string }[] = [];
  const prompts: { sessionId: string; model: string; text: string }[] = [];
  const aborted: string[] = [];
  const launcher: ReviewerLauncher = {
    defaultModel: async () => "fake/default-model",
    models: async () => ["fake/default-model", "fake/reviewer-model"],
    async createSession({ parentSessionId }) {
      const id = `ses_child_${sessions.length + 1}`;
      sessions.push({ id, parent: parentSessionId });
      return id;
    },
    async prompt(input) {
      prompts.push(input);
    },
    async abort(sessionId) {
      aborted.push(sessionId);
    },
  };
  return { launcher, sessions, prompts, aborted };
}

async function setup(options: { timeoutMs?: number; launcher?: ReviewerLauncher | null } = {}) {
  f = await makeServiceFixture({ "src/total.ts": BASE, "README.md": "# demo\n" });
  await f.repo.write("src/total.ts", CHANGED);
  await f.service.recordSession({ id: "ses_impl", title: "Totals", directory: f.repo.dir });
  const recorded = recordingLauncher();
  const launcher = options.launcher === undefined ? recorded.launcher : options.launcher;
  supervisor = createRunSupervisor({
    service: f.service,
    launcher,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const app = createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(f.repo.dir, "no-panel"),
    routes: apiRoutes(f.service, supervisor),
    health: () => ({ ok: true, version: "0.1.0", repo: f!.repo.dir, branch: "main", tools: true }),
    events: f.bus,
    reportError: (error) => {
      throw error;
    },
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(`http://127.0.0.1:${PORT}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        host: `127.0.0.1:${PORT}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as any };
  };
  const service = f.service;
  const tools = createReviewerTools(async () => service);
  const use = async (tool: keyof typeof tools, sessionID: string, args: Record<string, unknown>) => {
    const result = await tools[tool].execute(args as never, context(sessionID, f!.repo.dir));
    return result as { output: string; metadata: any };
  };
  const refusal = async (tool: keyof typeof tools, sessionID: string, args: Record<string, unknown>) => {
    const error = await use(tool, sessionID, args).then(
      () => null,
      (e: unknown) => e as Error,
    );
    if (error === null) throw new Error(`${tool} was expected to refuse ${JSON.stringify(args)}`);
    return error.message;
  };
  return { f, call, use, refusal, recorded, supervisor: supervisor! };
}

function context(sessionID: string, directory: string): ToolContext {
  return {
    sessionID,
    messageID: "msg_1",
    agent: "opencode-review",
    directory,
    worktree: directory,
    abort: new AbortController().signal,
    metadata() {},
    async ask() {},
  };
}

const FINDING = {
  file: "src/total.ts",
  start: 2,
  end: 2,
  quoted: ["+  let sum = 1;"],
  body: "The sum starts at 1, so every total is one too many. Start at 0.",
  severity: "blocker",
};

describe("review runs over HTTP", () => {
  it("refuses an id from outside that has no id's shape with a 400 naming the field, and stores no run", async () => {
    const t = await setup();
    for (const sessionId of ["s".repeat(10_000), "ses 1; drop", "../ses_impl"]) {
      const refused = await t.call("POST", "/runs", { sessionId });
      expect(refused.status, JSON.stringify(refused.json)).toBe(400);
      expect(refused.json.error).toMatchObject({
        code: "invalid_input",
        message: expect.stringMatching(
          /sessionId (is 10000 characters; an id is at most 100|may hold only letters, digits)/,
        ),
      });
    }
    const longModel = await t.call("POST", "/runs", { model: `fake/${"m".repeat(5000)}` });
    expect(longModel.status).toBe(400);
    const cancel = await t.call("POST", `/runs/${"u".repeat(5000)}/cancel`);
    expect(cancel.status).toBe(400);
    expect(cancel.json.error.message).toMatch(/^The id in the path is 5000 characters; an id is at most 100/);
    expect((await t.call("GET", "/runs")).json.runs).toEqual([]);
    expect(t.recorded.sessions).toEqual([]);
  });

  it("starts one run per session with the chosen model as a child of the session under review; a second start answers the live one", async () => {
    const t = await setup();
    const first = await t.call("POST", "/runs", { model: "fake/reviewer-model" });
    expect(first.status).toBe(201);
    expect(first.json.run).toMatchObject({
      status: "running",
      session: { id: "ses_child_1" },
      parentSession: { id: "ses_impl" },
      model: "fake/reviewer-model",
      round: { ordinal: 1 },
      findings: 0,
      summary: null,
      verdict: null,
      error: null,
      finishedAt: null,
    });
    expect(t.recorded.sessions).toEqual([{ id: "ses_child_1", parent: "ses_impl" }]);
    expect(t.recorded.prompts).toEqual([
      expect.objectContaining({ sessionId: "ses_child_1", model: "fake/reviewer-model" }),
    ]);
    expect(t.recorded.prompts[0]!.text).toMatch(/whole change.*round 1/);

    const second = await t.call("POST", "/runs", {});
    expect(second.status).toBe(200);
    expect(second.json.run.id).toBe(first.json.run.id);
    expect(t.recorded.sessions).toHaveLength(1);
    expect((await t.call("GET", "/runs")).json.runs.map((r: any) => r.id)).toEqual([first.json.run.id]);
    expect((await t.call("GET", "/runs/models")).json).toEqual({
      models: ["fake/default-model", "fake/reviewer-model"],
      default: "fake/default-model",
      available: true,
    });
    expect(t.f.events.filter((e) => e.type === "run").length).toBeGreaterThanOrEqual(2);
  });

  it("without opencode behind the panel, or with a bad model, a start is refused with what to do and stores nothing", async () => {
    const t = await setup({ launcher: null });
    const refused = await t.call("POST", "/runs", {});
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/need opencode/);
    const badModel = await t.call("POST", "/runs", { model: "no-slash" });
    expect(badModel.status).toBe(400);
    expect(badModel.json.error.message).toMatch(/provider\/model/);
    expect((await t.call("GET", "/runs")).json.runs).toEqual([]);
    expect((await t.call("GET", "/runs/models")).json).toEqual({ models: [], default: null, available: false });
  });
});

describe("the reviewer's tools", () => {
  it("read the run's diff, pin findings once each, publish them only at the release, and never show them to the implementer", async () => {
    const t = await setup();
    const { run } = (await t.call("POST", "/runs", {})).json;
    expect(run.model).toBe("fake/default-model");
    const child = run.session.id;

    const diff = await t.use("review_diff", child, {});
    expect(diff.output).toContain("=== src/total.ts (modified)");
    expect(diff.output).toContain("\n    2       -  let sum = 0;\n          2 +  let sum = 1;\n    3     3    for");

    const pinned = await t.use("review_comment", child, FINDING);
    expect(pinned.metadata.stored).toBe(true);
    const again = await t.use("review_comment", child, FINDING);
    expect(again.metadata).toMatchObject({ stored: false, finding: { id: pinned.metadata.finding.id } });
    const nit = await t.use("review_comment", child, {
      file: "total.ts",
      start: 7,
      body: "Name it halve: it is an action.",
      severity: "nit",
    });
    expect(nit.metadata.stored).toBe(true);

    // Nobody sees anything before the release: neither the person nor the implementing agent.
    expect((await t.call("GET", "/findings")).json.findings).toEqual([]);
    const released = await t.use("review_release", child, {
      summary: "The total is off by one; the rest reads fine.",
      verdict: "changes",
    });
    expect(released.metadata.run).toMatchObject({
      status: "completed",
      findings: 2,
      verdict: "changes",
      summary: "The total is off by one; the rest reads fine.",
    });
    const repeat = await t.use("review_release", child, { summary: "Other words.", verdict: "approve" });
    expect(repeat.metadata.run).toMatchObject({
      status: "completed",
      verdict: "changes",
      summary: "The total is off by one; the rest reads fine.",
    });

    const findings = (await t.call("GET", "/findings")).json.findings as any[];
    expect(findings).toHaveLength(2);
    expect(findings[0]).toMatchObject({
      origin: "reviewer",
      severity: "blocker",
      status: "open",
      awaiting: "human",
      run: { id: run.id },
      file: "src/total.ts",
      start: 2,
      end: 2,
      quoted: ["+  let sum = 1;"],
      anchor: { state: "current", start: 2, end: 2 },
      messages: [expect.objectContaining({ body: FINDING.body })],
    });
    expect(findings[1]).toMatchObject({ severity: "nit", start: 7, end: 7, unreadByHuman: true });
    expect((await t.call("POST", `/threads/${findings[1].id}/seen`)).json.thread).toMatchObject({
      id: findings[1].id,
      unreadByHuman: false,
    });

    const implementer = createReviewTools(async () => t.f.service);
    const listed = (await implementer.review_list.execute(
      { status: "all" } as never,
      context("ses_impl", t.f.repo.dir),
    )) as { output: string; metadata: any };
    expect(listed.metadata.threads).toEqual([]);
    expect(listed.output).not.toContain("sum starts at 1");
    expect(await t.f.service.waitingForAgent()).toEqual({ count: 0, files: [] });
    expect((await t.call("GET", "/threads?status=all")).json.threads).toEqual([]);
    const after = await t.use("review_diff", child, {}).catch((e: Error) => e.message);
    expect(after).toMatch(/already released/);
  });

  it("refuse every caller that is not a live run's reviewer session, before reading anything", async () => {
    const t = await setup();
    expect(await t.refusal("review_comment", "ses_impl", FINDING)).toMatch(
      /this session is not one, so nothing was read or pinned.*review_reply/,
    );
    expect(await t.refusal("review_diff", "ses_impl", {})).toMatch(/not one/);
    expect(await t.refusal("review_release", "ses_impl", { summary: "x", verdict: "approve" })).toMatch(/not one/);
  });

  it("refuse malformed findings with what is wrong and store nothing", async () => {
    const t = await setup();
    const child = (await t.call("POST", "/runs", {})).json.run.session.id;
    const wrongQuote = await t.refusal("review_comment", child, { ...FINDING, quoted: ["  let sum = 0;"] });
    expect(wrongQuote).toMatch(
      /quoted does not match src\/total\.ts:2 in round 1; nothing was pinned\. Those lines read:\n\+ {2}let sum = 1;/,
    );
    expect(await t.refusal("review_comment", child, { ...FINDING, severity: "critical" })).toMatch(
      /severity "critical" is not one of them.*blocker/,
    );
    expect(await t.refusal("review_comment", child, { ...FINDING, body: "x".repeat(1001) })).toMatch(
      /body is 1001 characters; the limit is 1000/,
    );
    expect(await t.refusal("review_comment", child, { ...FINDING, quoted: undefined, start: 12, end: 12 })).toMatch(
      /outside the diff.*new lines 1-7/,
    );
    expect(await t.refusal("review_comment", child, { ...FINDING, quoted: undefined, file: "README.md" })).toMatch(
      /README\.md is not in the diff under review.*src\/total\.ts/,
    );
    // A misspelled argument is named, never dropped (a finding without its intended severity or lines).
    expect(await t.refusal("review_comment", child, { ...FINDING, serverity: "nit" })).toBe(
      "Unknown argument `serverity`; did you mean `severity`?",
    );
    expect(
      await t.refusal("review_release", child, { summary: "Nothing stood.", verdict: "comment", verdicts: "comment" }),
    ).toBe("Unknown argument `verdicts`; did you mean `verdict`?");
    expect(await t.refusal("review_diff", child, { path: "src/total.ts" })).toMatch(
      /^Unknown argument `path`; the arguments are `file`\.$/,
    );
    const released = await t.use("review_release", child, { summary: "Nothing stood.", verdict: "comment" });
    expect(released.metadata.run.findings).toBe(0);
  });
});

describe("the person's triage", () => {
  async function released(t: Awaited<ReturnType<typeof setup>>) {
    const child = (await t.call("POST", "/runs", {})).json.run.session.id;
    const a = await t.use("review_comment", child, FINDING);
    const b = await t.use("review_comment", child, {
      file: "src/total.ts",
      start: 7,
      body: "Name it halve.",
      severity: "nit",
    });
    await t.use("review_release", child, { summary: "One bug.", verdict: "changes" });
    return { a: a.metadata.finding.id as string, b: b.metadata.finding.id as string };
  }

  it("an accepted finding becomes the person's draft on the same lines and reaches the implementer with their next release", async () => {
    const t = await setup();
    const { a, b } = await released(t);
    const accepted = await t.call("POST", `/threads/${a}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.json.thread).toMatchObject({ id: a, status: "accepted", awaiting: null });
    expect(accepted.json.draft).toMatchObject({
      origin: "human",
      status: "draft",
      file: "src/total.ts",
      start: 2,
      end: 2,
      quoted: ["+  let sum = 1;"],
    });
    expect(accepted.json.draft.messages[0]).toMatchObject({ author: "human", body: FINDING.body, delivery: "unsent" });
    const dismissed = await t.call("POST", `/threads/${b}/dismiss`, {});
    expect(dismissed.json.thread.status).toBe("dismissed");

    const release = await t.call("POST", "/review/release", {});
    expect(release.json.review).toMatchObject({ messages: 1, mode: "tools" });
    expect(t.f.delivered.at(-1)!.text).toMatch(/1 comment.*src\/total\.ts/s);
    const implementer = createReviewTools(async () => t.f.service);
    const listed = (await implementer.review_list.execute({} as never, context("ses_impl", t.f.repo.dir))) as {
      output: string;
      metadata: any;
    };
    expect(listed.metadata.threads).toEqual([expect.objectContaining({ origin: "human", start: 2, end: 2 })]);
    expect(listed.output).toContain("The sum starts at 1");
    expect(listed.output).not.toContain("Name it halve");
  });

  it("dismiss, resolve and reopen move a finding's own status; a reopened accept takes its unreleased draft back", async () => {
    const t = await setup();
    const { a, b } = await released(t);
    expect((await t.call("POST", `/threads/${b}/resolve`, {})).json.thread).toMatchObject({
      status: "resolved",
      resolvedBy: "human",
    });
    expect((await t.call("POST", `/threads/${b}/reopen`, {})).json.thread).toMatchObject({
      status: "open",
      awaiting: "human",
    });
    expect((await t.call("POST", `/threads/${b}/dismiss`, {})).json.thread.status).toBe("dismissed");
    const twice = await t.call("POST", `/threads/${b}/dismiss`, {});
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toMatch(/reopen it first/);

    await t.call("POST", `/threads/${a}/accept`, { body: "Start the sum at 0, please." });
    expect((await t.call("GET", "/review")).json.drafts.threads).toHaveLength(1);
    await t.call("POST", `/threads/${a}/reopen`, {});
    expect((await t.call("GET", "/review")).json.drafts.threads).toEqual([]);
    const waiting = (await t.call("GET", "/findings?status=waiting")).json.findings.map((x: any) => x.id);
    expect(waiting).toEqual([a]);
  });

  it("a new run supersedes the open, untriaged findings of an older run on the same place and title, never triaged ones", async () => {
    const t = await setup();
    const { a, b } = await released(t);
    await t.call("POST", `/threads/${b}/dismiss`, {});
    await t.f.repo.write("README.md", "# demo, changed\n");
    const second = (await t.call("POST", "/runs", {})).json.run;
    expect(second.round.ordinal).toBe(2);
    expect(t.recorded.prompts.at(-1)!.text).toMatch(/earlier review covered round 1/);
    await t.use("review_comment", second.session.id, { ...FINDING, severity: "major" });
    await t.use("review_comment", second.session.id, {
      file: "src/total.ts",
      start: 7,
      body: "Name it halve.",
      severity: "nit",
    });
    await t.use("review_release", second.session.id, { summary: "Still the one bug.", verdict: "changes" });
    const shown = (await t.call("GET", "/findings")).json.findings as any[];
    expect(shown.map((x) => x.id)).not.toContain(a);
    expect(shown.find((x) => x.id === b)).toMatchObject({ status: "dismissed" });
    expect(shown.filter((x) => x.run.id === second.id)).toHaveLength(2);
    expect((await t.call("POST", `/threads/${a}/accept`, {})).status).toBe(404);
  });
});

describe("how a run ends", () => {
  it("idle without a release is nudged once, then failed; a cancelled run refuses its reviewer's late calls", async () => {
    const t = await setup();
    const run = (await t.call("POST", "/runs", {})).json.run;
    await t.supervisor.sessionIdle(run.session.id);
    expect(t.recorded.prompts).toHaveLength(2);
    expect(t.recorded.prompts[1]!.text).toMatch(/without calling review_release/);
    expect((await t.call("GET", "/runs")).json.runs[0].status).toBe("running");
    await t.supervisor.sessionIdle(run.session.id);
    expect((await t.call("GET", "/runs")).json.runs[0]).toMatchObject({
      status: "failed",
      error: "ended without a release",
    });
    expect((await t.call("POST", `/runs/${run.id}/cancel`)).status).toBe(409);

    await t.f.repo.write("README.md", "# again\n");
    const next = (await t.call("POST", "/runs", {})).json.run;
    const cancelled = await t.call("POST", `/runs/${next.id}/cancel`);
    expect(cancelled.json.run).toMatchObject({ status: "cancelled" });
    expect(t.recorded.aborted).toEqual([next.session.id]);
    expect(await t.refusal("review_comment", next.session.id, FINDING)).toMatch(
      /This review run is cancelled.*takes no more calls/,
    );
  });

  it("a session error fails the run with the message; the timeout aborts it as failed", async () => {
    const t = await setup({ timeoutMs: 300 });
    const run = (await t.call("POST", "/runs", {})).json.run;
    await t.supervisor.sessionError(run.session.id, "The model is overloaded (529).");
    expect((await t.call("GET", "/runs")).json.runs[0]).toMatchObject({
      status: "failed",
      error: "The model is overloaded (529).",
    });
    expect(t.recorded.aborted).toEqual([run.session.id]);

    await t.f.repo.write("README.md", "# again\n");
    const slow = (await t.call("POST", "/runs", {})).json.run;
    await new Promise((r) => setTimeout(r, 600));
    expect((await t.call("GET", "/runs")).json.runs[0]).toMatchObject({
      id: slow.id,
      status: "failed",
      error: "timed out after 0 seconds",
    });
  });

  it("runs a process left live read cancelled (interrupted by restart) once that process is gone", async () => {
    const t = await setup();
    const round = await t.f.service.takeRound();
    await writeTransaction(t.f.store.db, (trx) =>
      insertRun(trx, {
        branch: "main",
        parent_session_id: "ses_impl",
        model: "fake/m",
        round_id: round.id,
        status: "running",
        session_id: "ses_old",
        // No process has this pid: the run's driver is gone.
        owner_pid: 2 ** 22 + 7,
        owner_instance: "s_gone",
        created_at: new Date().toISOString(),
      }),
    );
    const runs = (await t.call("GET", "/runs")).json.runs;
    expect(runs[0]).toMatchObject({ status: "cancelled", error: "interrupted by restart" });
    expect(await t.refusal("review_comment", "ses_old", FINDING)).toMatch(/cancelled \(interrupted by restart\)/);
  });
});
