import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCli } from "../cli/testing/cli-process.js";
import { startMcp } from "../mcp/testing/mcp-process.js";
import { livePanelLinks } from "../cli/live-panels.js";
import { openRepository } from "../git/index.js";
import {
  makeOpencodeProject,
  packPlugin,
  runOpencode,
  serveOpencode,
  startFakeModel,
  type FakeModel,
  type FakeTurn,
  type OpencodeProject,
  type OpencodeServer,
  type RecordedRequest,
} from "./opencode-harness.js";
import { panelApi } from "./panel-link.js";
import { systemClock } from "../service/clock.js";
import { eventually } from "./eventually.js";
import { cleanUpAfterEach } from "./clean-up.js";

// The agent half of the product, proven in the real opencode 1.18.33 with the packed plugin: the doorbell,
// the system-prompt line, the four tools, opencode's own edit tool, the checked resolve, and the notice of
// the person's undo at the top of the next review_list.
// One opencode per test and one packed tarball and plugin cache per run keep this to a few starts.
const SLOW = 600_000;

const APP = [
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
  "export function average(xs: number[]) {",
  "  return total(xs) / xs.length;",
  "}",
  "",
].join("\n");
// The agent's change under review: a comment line in total().
const CHANGED = APP.replace("  let sum = 0;\n", "  // add them up\n  let sum = 0;\n");

const onCleanup = cleanUpAfterEach();

function track<T extends FakeModel | OpencodeProject | OpencodeServer>(thing: T): T {
  onCleanup("cleanup" in thing ? () => thing.cleanup() : () => thing.close());
  return thing;
}

/** The plugin's panel as `opencode-review url` prints it (the store's row, its token from its 0600 file), and its API. */
async function pluginPanel(project: OpencodeProject) {
  const [panel] = await livePanelLinks(await openRepository(project.dir)).catch(() => []);
  return panel === undefined || panel.token === null ? null : panelApi(panel.link);
}

function resultOf(request: RecordedRequest | undefined): string {
  return request?.toolResults.at(-1)?.content ?? "";
}

describe("the agent side in a real opencode serve", () => {
  it(
    "a release rings the session; the model lists, edits, resolves one thread, is refused on another, leaves a note and a tour",
    async () => {
      const tarball = await packPlugin();
      const file = "src/app.ts";
      const ids = { fixed: "", untouched: "" };
      let absolute = "";
      // The model's side of the conversation; each turn answers the previous tool result.
      const script = (_request: RecordedRequest, index: number): FakeTurn | undefined =>
        [
          { kind: "tools", calls: [{ name: "review_list", args: {} }] },
          { kind: "tools", calls: [{ name: "read", args: { filePath: absolute } }] },
          {
            kind: "tools",
            calls: [
              {
                name: "edit",
                args: {
                  filePath: absolute,
                  oldString: "  let sum = 0;\n  for (const x of xs) sum += x;\n  return sum;",
                  newString: "  return xs.reduce((a, b) => a + b, 0);",
                },
              },
            ],
          },
          {
            kind: "tools",
            calls: [{ name: "review_reply", args: { id: ids.fixed, text: "Now a reduce.", resolved: true } }],
          },
          // The average() line moved up from 9 to 7 with the edit; the model names it as it reads now.
          {
            kind: "tools",
            calls: [{ name: "review_reply", args: { file: "app.ts", line: 7, text: "Handled too.", resolved: true } }],
          },
          {
            kind: "tools",
            calls: [{ name: "review_open", args: { file, from: 1, to: 3, text: "I folded the loop into reduce." } }],
          },
          // The agent's tour of its change: one step, on total(), whose hunk is the whole change.
          {
            kind: "tools",
            calls: [
              {
                name: "review_tour",
                args: {
                  title: "Sum with reduce",
                  steps: [{ file, from: 1, to: 3, text: "total() folds with reduce now; average() is untouched." }],
                },
              },
            ],
          },
          { kind: "text", text: "All review threads answered." },
          // 7. Asked again after the person undid its hunk from the panel: it lists, and reads the notice first.
          { kind: "tools", calls: [{ name: "review_list", args: {} }] },
          { kind: "text", text: "Leaving that undone." },
        ][index] as FakeTurn | undefined;
      const model = track(await startFakeModel(script));
      const project = track(
        makeOpencodeProject({
          fakeModelUrl: model.url,
          plugins: [`opencode-review@file:${tarball}`],
          files: { [file]: APP },
          changes: { [file]: CHANGED },
        }),
      );
      absolute = join(project.dir, file);
      const server = track(await serveOpencode(project));

      const created = await server.client.session.create({ body: { title: "Totals" } });
      const sessionId = created.data?.id ?? "";
      expect(sessionId).not.toBe("");
      const panel = await eventually(
        () => pluginPanel(project),
        "the plugin's panel is registered in the store",
        300_000,
      ).catch((e) => {
        console.error(
          server
            .log()
            .split("\n")
            .filter((l) => /plugin|review|ERROR/i.test(l))
            .join("\n")
            .slice(-6000),
        );
        throw e;
      });
      expect(panel.panelUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+$/);
      // Logged right after the store row is written, so it may trail it a little.
      await eventually(
        async () => (server.log().includes(`review panel at ${panel.panelUrl}`) ? true : null),
        "the panel URL is logged",
      );
      await eventually(
        async () => ((await panel.call("GET", "/review")).json.session?.id === sessionId ? true : null),
        "the new session is the release target",
      );

      const fixed = await panel.call("POST", "/threads", { file, start: 3, end: 5, body: "Use reduce here." });
      const untouched = await panel.call("POST", "/threads", {
        file,
        start: 9,
        end: 9,
        body: "What about an empty list?",
      });
      expect([fixed.status, untouched.status]).toEqual([201, 201]);
      ids.fixed = fixed.json.thread.id;
      ids.untouched = untouched.json.thread.id;
      const released = await panel.call("POST", "/review/release", {});
      expect(released.json.review).toMatchObject({ mode: "tools", messages: 2, deliveredTo: sessionId });

      const requests = await model.waitForConversation(8, 300_000);
      await server.waitForEvent((e) => e.type === "session.idle" && e.properties.sessionID === sessionId, 300_000);

      // 5. The release arrived in the session as a message, and (1.) the request carried the waiting line.
      const [rung, afterList, , afterEdit, afterFixed, afterRefused, afterNote, afterTour] = requests;
      expect(rung!.lastUserText).toMatch(/2 comments?.*src\/app\.ts/s);
      expect(rung!.lastUserText).toContain("review_list");
      expect(rung!.system).toContain("Code review: 2 threads wait for you in src/app.ts (call review_list).");
      expect(rung!.system).toContain("review_reply");
      expect(rung!.tools).toEqual(
        expect.arrayContaining(["review_list", "review_reply", "review_open", "review_tour", "edit"]),
      );
      expect(rung!.system.split("review_tour")).toHaveLength(2);
      for (const title of model.requests.filter((r) => r.kind === "title"))
        expect(title.system).not.toContain("Code review");

      // 1. review_list returned the comments and marked them delivered.
      expect(resultOf(afterList)).toContain("Use reduce here.");
      expect(resultOf(afterList)).toContain("What about an empty list?");
      expect(resultOf(afterList)).toContain(ids.fixed);

      // 2. opencode's own edit changed the lines under the first thread, so its resolve holds.
      expect(resultOf(afterEdit)).not.toMatch(/error/i);
      expect(resultOf(afterFixed)).toMatch(new RegExp(`^Replied to thread ${ids.fixed} .*marked it resolved`));

      // 3. The second thread's lines were not touched: refused, the reply kept.
      expect(resultOf(afterRefused)).toMatch(/^Replied, but not resolved: /);

      // 4. The note waits on the person in the panel.
      expect(resultOf(afterNote)).toMatch(/^Opened thread \S+ on src\/app\.ts:1-3/);
      const all = (await panel.call("GET", "/threads?status=all")).json.threads as any[];
      const byId = new Map(all.map((t) => [t.id, t]));
      expect(byId.get(ids.fixed)).toMatchObject({ status: "resolved", resolvedBy: "agent" });
      // The person's comment went out through review_list (delivery is about the person's words only).
      expect(byId.get(ids.fixed).messages[0]).toMatchObject({ author: "human", delivery: "delivered" });
      expect(byId.get(ids.untouched).messages[0]).toMatchObject({ author: "human", delivery: "delivered" });
      expect(byId.get(ids.untouched)).toMatchObject({ status: "open", awaiting: "human" });
      expect(byId.get(ids.untouched).messages.map((m: any) => m.body)).toEqual([
        "What about an empty list?",
        "Handled too.",
      ]);
      const waiting = (await panel.call("GET", "/threads?status=waiting")).json.threads as any[];
      const note = waiting.find((t) => t.origin === "agent");
      expect(note).toMatchObject({ file, start: 1, end: 3, status: "open", awaiting: "human" });
      expect(note.messages[0].body).toBe("I folded the loop into reduce.");
      expect(waiting.map((t) => t.id)).not.toContain(ids.fixed);

      // 6. The tour is the panel's, its one step on the lines the agent named, and the change's one hunk covered.
      expect(resultOf(afterTour)).toMatch(/^Tour \S+ "Sum with reduce" is shown to the reviewer/);
      const tour = (await panel.call("GET", "/tour")).json.tour;
      expect(tour).toMatchObject({
        title: "Sum with reduce",
        steps: [{ file, start: 1, end: 3, anchor: { state: "current", start: 1, end: 3 } }],
        uncovered: [],
      });

      // The session went idle with a changed tree: a round was taken after the release's.
      await eventually(
        async () => ((await panel.call("GET", "/rounds")).json.rounds.length >= 2 ? true : null),
        "a round on idle",
      );

      // 7. The person undoes the agent's hunk from the panel (HTTP on the plugin's own server); the next
      // turn's system prompt says so, and so does the top of the model's next review_list, in plain words.
      const shown = (await panel.call("GET", "/diff")).json.files.find((f: { path: string }) => f.path === file);
      const undo = await panel.call("POST", "/changes/undo", { file, start: 2, end: 2, blob: shown.blob });
      expect(undo.status).toBe(200);
      const notice = /^The person undid your change to src\/app\.ts lines? \d+(–\d+)?: leave it undone unless asked\./;
      const seenBefore = server.events.length;
      await server.client.session.promptAsync({
        path: { id: sessionId },
        body: { parts: [{ type: "text", text: "I changed something in the review; have a look." }] },
      });
      const [, , , , , , , , asked, afterUndoList] = await model.waitForConversation(10, 300_000);
      expect(asked!.system).toMatch(/The person undid your change to src\/app\.ts/);
      expect(resultOf(afterUndoList)).toMatch(notice);
      // Told once: the system prompt of the model call after that review_list no longer names it.
      expect(afterUndoList!.system).not.toMatch(/The person undid/);
      await server.waitForEvent(
        (e) =>
          e.type === "session.idle" && e.properties.sessionID === sessionId && server.events.indexOf(e) >= seenBefore,
        300_000,
      );
      expect(server.pluginErrors()).toEqual([]);
      expect(
        server
          .log()
          .split("\n")
          .filter((l) => l.includes("level=ERROR")),
      ).toEqual([]);
    },
    SLOW,
  );
});

describe("the agent side under opencode run", () => {
  it(
    "offers the tools and the guidance (no waiting line when nothing waits), refuses a misspelled argument, and a note lands in the panel",
    async () => {
      const tarball = await packPlugin();
      const model = track(
        await startFakeModel([
          // A misspelled argument first: opencode hands it to the tool as sent, and the tool refuses it by name.
          {
            kind: "tools",
            calls: [{ name: "review_open", args: { file: "src/app.ts", lines: 10, text: "Divides by zero on []." } }],
          },
          {
            kind: "tools",
            calls: [{ name: "review_open", args: { file: "src/app.ts", line: 10, text: "Divides by zero on []." } }],
          },
          { kind: "text", text: "Left a note." },
        ]),
      );
      const project = track(
        makeOpencodeProject({
          fakeModelUrl: model.url,
          plugins: [`opencode-review@file:${tarball}`],
          files: { "src/app.ts": APP },
          changes: { "src/app.ts": CHANGED },
        }),
      );

      const result = await runOpencode(project, "leave a note on average()");

      expect(result.timedOut).toBe(false);
      expect(result.pluginErrors).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain("Left a note.");
      const [first, refused, second] = model.conversation();
      expect(resultOf(refused)).toContain("Unknown argument `lines`; did you mean `line`?");
      expect(first!.tools).toEqual(expect.arrayContaining(["review_list", "review_reply", "review_open"]));
      expect(first!.system).toContain("review_list shows the threads waiting for you");
      expect(first!.system).not.toContain("wait for you in");
      expect(resultOf(second)).toMatch(/^Opened thread \S+ on src\/app\.ts:10/);
      // The panel URL was logged, with its token; opencode's placeholder server URL was not shown as one.
      expect(result.stderr).toMatch(/review panel at http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+/);

      // The note outlives the run: a panel started afterwards on the same store shows it waiting on the person.
      const { startReviewServer } = await import("../server/index.js");
      const later = await startReviewServer({
        now: systemClock,
        dir: project.dir,
        tools: true,
        delivery: { mode: "tools", deliver: async () => null },
      });
      onCleanup(() => later.close());
      const waiting = (await panelApi(later.panelUrl).call("GET", "/threads?status=waiting")).json.threads as any[];
      expect(waiting).toEqual([
        expect.objectContaining({ origin: "agent", file: "src/app.ts", start: 10, end: 10, awaiting: "human" }),
      ]);
    },
    SLOW,
  );
});

// Issue 43's proof: every agent's work in one panel. Two real opencode processes in two work trees of one
// repository and an MCP client in a third; the person comments on each branch from one web panel (the first
// opencode's, over its HTTP API with branch=, as the panel's switcher calls it) and releases each; each
// agent reads its own comments and none of another's.
describe("every branch in one panel, each release to its own agent", () => {
  it(
    "two opencode serve in two work trees and an MCP client in a third: each agent's requests hold its own branch's comments only",
    async () => {
      const tarball = await packPlugin();
      await buildCli();
      const file = "src/app.ts";
      // Each release rings its session: the model lists its comments, then says it read them.
      const model = track(
        await startFakeModel((request) =>
          request.messages.at(-1)?.role === "tool"
            ? { kind: "text", text: "Read them." }
            : { kind: "tools", calls: [{ name: "review_list", args: {} }] },
        ),
      );
      const project = track(
        makeOpencodeProject({
          fakeModelUrl: model.url,
          plugins: [`opencode-review@file:${tarball}`],
          files: { [file]: APP },
          changes: { [file]: CHANGED },
        }),
      );
      // Two more attempts at the task, each in a work tree of its own (as `claude --worktree` makes them).
      const git = (...args: string[]) => execFileSync("git", args, { cwd: project.dir, stdio: "pipe" });
      const worktree = (name: string) => {
        const path = join(project.dir, "..", name);
        git("worktree", "add", "-q", "-b", name, path);
        writeFileSync(join(path, file), APP.replace("  return sum;", `  return sum; // ${name}`));
        return path;
      };
      const worktreeB = worktree("agent-b");
      const worktreeC = worktree("agent-c");
      // The second opencode: its own data and state (as a second person's machine would have), the run's cache.
      const projectB: OpencodeProject = {
        ...project,
        dir: worktreeB,
        env: {
          ...project.env,
          PWD: worktreeB,
          XDG_DATA_HOME: join(worktreeB, "..", "home-b", "data"),
          XDG_STATE_HOME: join(worktreeB, "..", "home-b", "state"),
        },
      };
      // One after the other: the second start finds the plugin installed in the run's cache (two installs at
      // once wait on each other's lock).
      const serverA = track(await serveOpencode(project));
      const sessionA = (await serverA.client.session.create({ body: { title: "Attempt main" } })).data?.id ?? "";
      // The person's one panel: the first opencode's.
      const panel = await eventually(
        async () => {
          const links = await livePanelLinks(await openRepository(project.dir)).catch(() => []);
          const mine = links.find((l) => l.row.pid === serverA.pid && l.token !== null);
          return mine === undefined ? null : panelApi(mine.link);
        },
        "the first opencode's panel is registered",
        300_000,
      );
      const serverB = track(await serveOpencode(projectB));
      const sessionB = (await serverB.client.session.create({ body: { title: "Attempt B" } })).data?.id ?? "";
      expect([sessionA, sessionB]).not.toContain("");
      const mcp = await startMcp(["--repo", worktreeC]);
      onCleanup(() => mcp.close());
      // Every branch is in its list, each with its agent.
      const listed = await eventually(async () => {
        const { branches } = (await panel.call("GET", "/branches")).json as {
          branches: { branch: string; agents: { kind: string; session?: { id: string }; live: boolean }[] }[];
        };
        const agentsOf = (name: string) => branches.find((b) => b.branch === name)?.agents ?? [];
        return agentsOf("agent-b").some((a) => a.session?.id === sessionB) &&
          agentsOf("agent-c").some((a) => a.kind === "mcp") &&
          agentsOf("main").some((a) => a.session?.id === sessionA)
          ? branches
          : null;
      }, "every branch listed with its agent");
      expect(listed.map((b) => b.branch).sort()).toEqual(["agent-b", "agent-c", "main"]);

      const words = {
        main: "Main: why a comment line?",
        "agent-b": "B: why a trailing note?",
        "agent-c": "C: same here?",
      };
      for (const [branch, body] of Object.entries(words)) {
        const query = branch === "main" ? "" : `?branch=${branch}`;
        const made = await panel.call("POST", `/threads${query}`, { file, start: 4, end: 4, body });
        expect(made.status).toBe(201);
        const released = await panel.call("POST", `/review/release${query}`, {});
        expect(released.status).toBe(200);
      }

      // Each opencode's session is rung and its model lists the comments: wait for both answers' tool results.
      const listedBy = async (session: string) =>
        eventually(
          async () => {
            const done = model.conversation().find((r) => r.sessionId === session && r.toolResults.length > 0);
            return done ?? null;
          },
          `the model of session ${session} read its comments`,
          300_000,
        );
      const [readA, readB] = await Promise.all([listedBy(sessionA), listedBy(sessionB)]);
      const heardBy = (session: string) =>
        model
          .conversation()
          .filter((r) => r.sessionId === session)
          .map((r) => JSON.stringify(r.messages))
          .join("\n");
      expect(resultOf(readA)).toContain(words.main);
      expect(resultOf(readB)).toContain(words["agent-b"]);
      for (const [session, own] of [
        [sessionA, "main"],
        [sessionB, "agent-b"],
      ] as const) {
        const heard = heardBy(session);
        for (const [branch, body] of Object.entries(words))
          expect(heard.includes(body), `${branch}'s comment in the ${own} agent's requests`).toBe(branch === own);
      }
      // The MCP client's agent, at its next turn in agent-c's work tree, reads agent-c's comment alone.
      const mcpListed = (await mcp.call("review_list", {})).text;
      expect(mcpListed).toContain(words["agent-c"]);
      expect(mcpListed).not.toContain(words.main);
      expect(mcpListed).not.toContain(words["agent-b"]);
      // Each release reads delivered in the one panel.
      for (const branch of Object.keys(words)) {
        const query = branch === "main" ? "" : `?branch=${branch}`;
        await eventually(async () => {
          const [review] = (await panel.call("GET", `/reviews${query}`)).json.reviews as {
            delivery: { state: string };
          }[];
          return review?.delivery.state === "delivered" ? true : null;
        }, `${branch}'s release delivered`);
      }
      expect([...serverA.pluginErrors(), ...serverB.pluginErrors()]).toEqual([]);
    },
    SLOW,
  );
});
