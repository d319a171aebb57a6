import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { buildCli } from "../cli/testing/cli-process.js";
import { startMcp, type McpProcess } from "../mcp/testing/mcp-process.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeTerminalOnlyProject, type OpencodeProject } from "../testing/opencode-project.js";
import { panelToken } from "../testing/panel-link.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, startTmux } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

describe.skipIf(!hasTmux())(
  "the terminal half beside an MCP client's agent (real opencode under tmux, a real opencode-review mcp)",
  () => {
    const opencode = packedPluginSuite(buildCli);

    /** A repository whose opencode loads only the terminal half (tui.json), with one line added to src/app.ts. */
    const terminalOnlyProject = (fakeModelUrl: string): OpencodeProject =>
      makeTerminalOnlyProject({
        fakeModelUrl,
        plugin: opencode.plugin,
        files: { "src/app.ts": base },
        changes: { "src/app.ts": changed },
      });

    it("a release made in the MCP server's panel shows 'waiting for the agent's next turn' in the open view, and the line goes once the agent's review_list reads it", async () => {
      const p = terminalOnlyProject(opencode.model.url);
      let mcp: McpProcess | undefined;
      const screen = startTmux({
        name: "tui12-mcp",
        cwd: p.dir,
        env: p.env,
        command: [opencodeBinary()],
        width: 140,
        height: 40,
      });
      try {
        mcp = await startMcp(["--repo", p.dir]);
        await screen.waitFor(home, 120_000);
        screen.keys("C-x", "v");
        await screen.waitFor("src/app.ts", 30_000);
        screen.save("opened");
        const url = new URL(mcp.panelUrl);
        const headers = { authorization: `Bearer ${panelToken(url.href)}`, "content-type": "application/json" };
        const drafted = await fetch(`${url.origin}/api/threads`, {
          method: "POST",
          headers,
          body: JSON.stringify({ file: "src/app.ts", start: 6, end: 6, body: "Released from the MCP panel." }),
        });
        expect(drafted.status).toBe(201);
        const released = await fetch(`${url.origin}/api/review/release`, { method: "POST", headers, body: "{}" });
        expect(released.status).toBe(200);
        const waiting = await screen.waitFor(
          "1 released comment on src/app.ts: waiting for the agent's next turn.",
          30_000,
        );
        screen.save("waiting");
        expect(waiting).toContain("Released from the MCP panel.");
        // The agent's next turn: its review_list delivers the comment, and the line goes on its own.
        expect((await mcp.call("review_list", {})).text).toContain("Released from the MCP panel.");
        await screen.waitFor(
          (s) => !s.includes("waiting for the agent's next turn") && s.includes("Released from the MCP panel."),
          30_000,
        );
        screen.save("delivered");
      } finally {
        screen.save("last");
        screen.kill();
        await mcp?.close();
      }
    }, 300_000);

    it("a release from the terminal with no opencode session to go to, while an MCP client's agent works on the repository, waits for that agent's next turn instead of reading failed", async () => {
      const p = terminalOnlyProject(opencode.model.url);
      let mcp: McpProcess | undefined;
      const screen = startTmux({
        name: "tui12-mcp-terminal",
        cwd: p.dir,
        env: p.env,
        command: [opencodeBinary()],
        width: 140,
        height: 40,
      });
      try {
        mcp = await startMcp(["--repo", p.dir]);
        await screen.waitFor(home, 120_000);
        screen.keys("C-x", "v");
        await screen.waitFor("src/app.ts", 30_000);
        screen.keys("]", "j", "j", "j", "c");
        await screen.waitFor("Comment on src/app.ts:6", 10_000);
        screen.type("From the terminal.");
        screen.keys("Enter");
        await screen.waitFor("you (draft): From the terminal.", 15_000);
        screen.keys("s");
        await screen.waitFor("Release 1 draft to the agent?", 10_000);
        screen.keys("Enter");
        const waiting = await screen.waitFor(
          (s) =>
            s.includes("1 released comment on src/app.ts: waiting for the agent's next turn.") &&
            s.includes("Released 1 message for the MCP client's agent"),
          30_000,
        );
        screen.save("waiting");
        // Before the fix this release read "Delivery failed ... No agent session was found" under the waiting line.
        await new Promise((r) => setTimeout(r, 2500));
        expect(screen.save("still-waiting")).not.toContain("Delivery failed");
        expect(waiting).not.toContain("as prose");
        // The MCP client's agent gets the short notice at its turn, and its review_list delivers the comment.
        const listed = await mcp.call("review_list", {});
        expect(listed.text).toContain("From the terminal.");
        await screen.waitFor((s) => !s.includes("waiting for the agent's next turn"), 30_000);
        screen.save("delivered");
        const [review] = await pastReviews(p);
        expect(review).toMatchObject({ mode: "tools", delivery: { state: "delivered" } });
      } finally {
        screen.save("last");
        screen.kill();
        await mcp?.close();
      }
    }, 300_000);
  },
);

/** The project's past releases as the store has them (read by this Node process, as any other would). */
async function pastReviews(p: OpencodeProject) {
  const store = await openStore({ path: defaultDbPath(await openRepository(p.dir)) });
  try {
    return await createReviewService({
      now: systemClock,
      dir: p.dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "prose", deliver: async () => null },
    }).pastReviews();
  } finally {
    await store.close();
  }
}
