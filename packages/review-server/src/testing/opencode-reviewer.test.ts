import { describe, expect, it } from "vitest";
import {
  makeOpencodeProject,
  packPlugin,
  serveOpencode,
  startFakeModel,
  type FakeModel,
  type FakeTurn,
  type OpencodeProject,
  type OpencodeServer,
  type RecordedRequest,
} from "./opencode-harness.js";
import { panelApi } from "./panel-link.js";
import { livePanelLinks } from "../cli/live-panels.js";
import { openRepository } from "../git/index.js";
import { eventually as eventuallyWithin } from "./eventually.js";
import { cleanUpAfterEach } from "./clean-up.js";

// Reviewer agents in the real opencode 1.18.33 with the packed plugin and a scripted model that tells the
// reviewer's requests (a child session: opencode sends x-parent-session-id) from the implementer's.
const SLOW = 900_000;

const APP = [
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
const FILE = "src/total.ts";
const BUG = {
  file: FILE,
  start: 2,
  end: 2,
  quoted: ["+  let sum = 1;"],
  body: "The sum starts at 1, so every total is one too many. Start at 0.",
  severity: "blocker",
};
const NIT = { file: FILE, start: 7, body: "Name it halve: it is an action.", severity: "nit" };
const REVIEWER_TOOLS = ["review_diff", "review_comment", "review_release"];

const onCleanup = cleanUpAfterEach();

function track<T extends FakeModel | OpencodeProject | OpencodeServer>(thing: T): T {
  onCleanup("cleanup" in thing ? () => thing.cleanup() : () => thing.close());
  return thing;
}

/**
 * The newest panel running for the project, as `opencode-review url` finds it (its token from its 0600 file),
 * with its API; `notPid` skips the panel of a process being replaced (a restart may reuse its port and URL).
 */
async function newestPanel(project: OpencodeProject, notPid?: number) {
  const panels = (await livePanelLinks(await openRepository(project.dir)).catch(() => []))
    .filter((p) => p.row.pid !== notPid && p.token !== null)
    .sort((a, b) => b.row.started_at.localeCompare(a.row.started_at));
  return panels[0] === undefined ? null : { ...panelApi(panels[0].link), pid: panels[0].row.pid };
}

// A reviewer run in a fresh opencode serve takes longer than most waits: three minutes by default.
const eventually = <T>(read: () => Promise<T | null | undefined>, what: string, timeoutMs = 180_000) =>
  eventuallyWithin(read, what, timeoutMs);

type Phase = "full" | "silent" | "error" | "hang" | "late";

describe("reviewer agents in a real opencode serve", () => {
  it(
    "a run from the HTTP route reviews as a child session with its own tools; findings are triaged; errors, cancel and restart end runs",
    async () => {
      const tarball = await packPlugin();
      let phase: Phase = "full";
      let implementerAsk: "comment" | "list" = "comment";
      const script = (request: RecordedRequest): FakeTurn => {
        const last = request.messages.at(-1);
        const results = request.toolResults.length;
        if (request.parentSessionId !== null) {
          // The reviewer (a child session).
          if (phase === "silent") return { kind: "text", text: "Looks fine to me." };
          if (phase === "error") return { kind: "error", status: 400, message: "the reviewer model exploded" };
          if (phase === "hang") return { kind: "hang" };
          if (phase === "late")
            return last?.role === "tool"
              ? { kind: "text", text: "Stopped." }
              : { kind: "tools", calls: [{ name: "review_comment", args: NIT }] };
          const steps: FakeTurn[] = [
            { kind: "tools", calls: [{ name: "review_diff", args: {} }] },
            { kind: "tools", calls: [{ name: "review_comment", args: BUG }] },
            { kind: "tools", calls: [{ name: "review_comment", args: BUG }] },
            { kind: "tools", calls: [{ name: "review_comment", args: { ...BUG, quoted: ["  let sum = 0;"] } }] },
            { kind: "tools", calls: [{ name: "review_comment", args: NIT }] },
            {
              kind: "tools",
              calls: [{ name: "review_release", args: { summary: "The total is off by one.", verdict: "changes" } }],
            },
          ];
          return steps[results] ?? { kind: "text", text: "Review released." };
        }
        // The implementer.
        if (last?.role === "tool") return { kind: "text", text: "Done." };
        if (implementerAsk === "list") return { kind: "tools", calls: [{ name: "review_list", args: {} }] };
        return { kind: "tools", calls: [{ name: "review_comment", args: BUG }] };
      };
      const model = track(await startFakeModel(script));
      const project = track(
        makeOpencodeProject({
          fakeModelUrl: model.url,
          plugins: [`opencode-review@file:${tarball}`],
          files: { [FILE]: APP },
          changes: { [FILE]: CHANGED },
        }),
      );
      let server = await serveOpencode(project);
      onCleanup(() => server.close());

      const created = await server.client.session.create({ body: { title: "Totals" } });
      const implementer = created.data!.id;
      const panel = await eventually(() => newestPanel(project), "the plugin's panel is registered", 300_000);
      await eventually(
        async () => ((await panel.call("GET", "/review")).json.session?.id === implementer ? true : null),
        "the session is known",
      );

      // The implementer calling review_comment is refused; its requests never list the reviewer's tools.
      await server.client.session.promptAsync({
        path: { id: implementer },
        body: { parts: [{ type: "text", text: "Pin a finding yourself." }] },
      });
      await model.waitForConversation(2, 300_000);
      const ownRequests = () => model.conversation().filter((r) => r.sessionId === implementer);
      const tried = ownRequests();
      expect(tried[0]!.tools).toEqual(expect.arrayContaining(["review_list", "review_reply", "review_open"]));
      for (const request of tried) for (const name of REVIEWER_TOOLS) expect(request.tools).not.toContain(name);
      // opencode itself refuses a tool the agent was not given; nothing is pinned either way.
      const refused = tried[1]!.toolResults.at(-1)!.content;
      expect(refused).toContain("review_comment");
      expect(refused).not.toMatch(/Pinned/);
      expect((await panel.call("GET", "/findings")).json.findings).toEqual([]);
      await server.waitForEvent((e) => e.type === "session.idle" && e.properties.sessionID === implementer, 120_000);
      const implementerMessages = (await server.client.session.messages({ path: { id: implementer } })).data!.length;

      // A run from the HTTP route.
      const started = await panel.call("POST", "/runs", { model: "fake/fake-model" });
      expect(started.status).toBe(201);
      expect(started.json.run).toMatchObject({
        status: "running",
        parentSession: { id: implementer },
        model: "fake/fake-model",
        round: { ordinal: 1 },
      });
      const runId = started.json.run.id as string;
      const child = started.json.run.session.id as string;
      const completed = await eventually(async () => {
        const run = (await panel.call("GET", "/runs")).json.runs.find((r: any) => r.id === runId);
        return run.status === "running" ? null : run;
      }, "the run ends");
      expect(completed).toMatchObject({
        status: "completed",
        findings: 2,
        verdict: "changes",
        summary: "The total is off by one.",
      });
      expect((await server.client.session.get({ path: { id: child } })).data!.parentID).toBe(implementer);

      // The run completes inside review_release; the model hears the tool's answer in one more request.
      await eventually(
        async () =>
          model.conversation().some((r) => r.sessionId === child && r.toolResults.length === 6) ? true : null,
        "the release's answer",
      );
      const reviewerRequests = model.conversation().filter((r) => r.sessionId === child);
      expect(reviewerRequests.length).toBe(7);
      for (const request of reviewerRequests) {
        expect(request.parentSessionId).toBe(implementer);
        expect(request.tools).toEqual(expect.arrayContaining([...REVIEWER_TOOLS, "read"]));
        for (const name of ["edit", "write", "bash", "task", "review_list", "review_reply", "review_open"])
          expect(request.tools).not.toContain(name);
        expect(request.system).toContain("You are a code reviewer.");
        expect(request.system).not.toContain("review_list");
      }
      const results = reviewerRequests.at(-1)!.toolResults.map((r) => r.content);
      expect(results[0]).toContain("    2       -  let sum = 0;");
      expect(results[1]).toMatch(/^Pinned finding f_/);
      expect(results[2]).toMatch(/was already pinned; nothing new was stored/);
      expect(results[3]).toMatch(/quoted does not match src\/total\.ts:2 in round 1; nothing was pinned/);
      expect(results[4]).toMatch(/^Pinned finding f_\S+ \(nit\) on src\/total\.ts:7/);
      expect(results[5]).toMatch(/^Released: 2 findings/);
      // The run wrote nothing into the implementer's conversation, and its requests were not the implementer's.
      expect((await server.client.session.messages({ path: { id: implementer } })).data!.length).toBe(
        implementerMessages,
      );
      expect(ownRequests().length).toBe(tried.length);

      // The person accepts the bug and releases: the implementer's notice and review_list carry it as their comment.
      const findings = (await panel.call("GET", "/findings")).json.findings as any[];
      expect(findings.map((f) => [f.severity, f.origin, f.status])).toEqual([
        ["blocker", "reviewer", "open"],
        ["nit", "reviewer", "open"],
      ]);
      expect((await panel.call("POST", `/threads/${findings[0].id}/accept`, {})).status).toBe(200);
      expect((await panel.call("POST", `/threads/${findings[1].id}/dismiss`, {})).status).toBe(200);
      implementerAsk = "list";
      const before = ownRequests().length;
      const released = await panel.call("POST", "/review/release", {});
      expect(released.json.review).toMatchObject({ mode: "tools", messages: 1, deliveredTo: implementer });
      await eventually(
        async () => (ownRequests().length >= before + 2 ? true : null),
        "the implementer lists the review",
      );
      const [rung, listed] = ownRequests().slice(before);
      expect(rung!.lastUserText).toMatch(/1 comment.*src\/total\.ts/s);
      expect(listed!.toolResults.at(-1)!.content).toContain(BUG.body);
      expect(listed!.toolResults.at(-1)!.content).not.toContain(NIT.body);
      await server
        .waitForEvent(
          (e) =>
            e.type === "session.idle" && e.properties.sessionID === implementer && ownRequests().length >= before + 2,
          120_000,
        )
        .catch(() => null);

      // A reviewer that stops without releasing is reminded once, then the run fails.
      phase = "silent";
      const silent = (await panel.call("POST", "/runs", {})).json.run;
      const ended = await eventually(async () => {
        const run = (await panel.call("GET", "/runs")).json.runs.find((r: any) => r.id === silent.id);
        return run.status === "running" ? null : run;
      }, "the silent run ends");
      expect(ended).toMatchObject({ status: "failed", error: "ended without a release" });
      const silentRequests = model.conversation().filter((r) => r.sessionId === silent.session.id);
      expect(silentRequests).toHaveLength(2);
      expect(silentRequests[1]!.lastUserText).toMatch(/without calling review_release/);

      // A run whose model errors is failed with the message.
      phase = "error";
      const failing = (await panel.call("POST", "/runs", {})).json.run;
      expect(failing.model).toBe("fake/fake-model");
      const failed = await eventually(async () => {
        const run = (await panel.call("GET", "/runs")).json.runs.find((r: any) => r.id === failing.id);
        return run.status === "running" ? null : run;
      }, "the failing run ends");
      expect(failed.status).toBe("failed");
      expect(failed.error).toContain("the reviewer model exploded");

      // Cancel during a hanging reply; a late call from the reviewer session is refused.
      phase = "hang";
      const hanging = (await panel.call("POST", "/runs", {})).json.run;
      await eventually(
        async () => (model.conversation().some((r) => r.sessionId === hanging.session.id) ? true : null),
        "the reviewer asks the model",
      );
      const cancelled = await panel.call("POST", `/runs/${hanging.id}/cancel`);
      expect(cancelled.json.run).toMatchObject({ status: "cancelled" });
      phase = "late";
      await server.client.session.promptAsync({
        path: { id: hanging.session.id },
        body: {
          agent: "opencode-review",
          model: { providerID: "fake", modelID: "fake-model" },
          parts: [{ type: "text", text: "Pin one more." }],
        },
      });
      const late = await eventually(async () => {
        const answered = model
          .conversation()
          .filter((r) => r.sessionId === hanging.session.id && r.toolResults.length > 0);
        return answered.at(-1)?.toolResults.at(-1)?.content;
      }, "the late call is answered");
      expect(late).toMatch(/This review run is cancelled.*takes no more calls/);
      expect((await panel.call("GET", "/runs")).json.runs.find((r: any) => r.id === hanging.id).status).toBe(
        "cancelled",
      );

      // A restart mid-run (opencode killed with the reviewer's model request hanging): the run reads cancelled,
      // never running. opencode makes a project's instance, and so loads its plugins, on the first request that
      // names the directory; here that is serveOpencode's event stream, which is opened again if it drops.
      expect(server.pluginErrors()).toEqual([]);
      phase = "hang";
      const interrupted = (await panel.call("POST", "/runs", {})).json.run;
      await eventually(
        async () => (model.conversation().some((r) => r.sessionId === interrupted.session.id) ? true : null),
        "the reviewer asks the model",
      );
      await server.close();
      server = await serveOpencode(project);
      const next = await eventually(
        async () => {
          const candidate = await newestPanel(project, panel.pid);
          return candidate !== null && (await candidate.call("GET", "/health")).status === 200 ? candidate : null;
        },
        "the restarted panel",
        300_000,
      ).catch((error: unknown) => {
        console.error(server.streamProblems().join("\n"));
        console.error(
          server
            .log()
            .split("\n")
            .filter((l) => /plugin|review|ERROR/i.test(l))
            .join("\n")
            .slice(-6000),
        );
        throw error;
      });
      const after = (await next.call("GET", "/runs")).json.runs.find((r: any) => r.id === interrupted.id);
      expect(after).toMatchObject({ status: "cancelled", error: "interrupted by restart" });
      expect(server.pluginErrors()).toEqual([]);
    },
    SLOW,
  );
});
