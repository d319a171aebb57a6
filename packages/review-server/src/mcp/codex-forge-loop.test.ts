// The pull request loop through `opencode-review mcp` in a real client: Codex CLI, headless, driven by a
// scripted model. The GitHub stand-in holds pull request #7 with two threads by alice; the MCP server pulls
// them on start; told "address the PR comments", the model lists them, edits under one with Codex's shell,
// claims both resolved (one accepted, one refused by the check); the person pushes with the CLI; GitHub
// holds each reply once in its thread and the one resolve.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliToEnd } from "../cli/testing/cli-process.js";
import { startFakeResponsesModel, type ResponsesTurn } from "../testing/fake-responses-model.js";
import { codexTrace, runCodex, writeCodexConfig } from "./testing/codex-cli.js";
import {
  aliceThreadIds,
  expectAliceListed,
  expectPushedOnce,
  forgeLoopPlaces,
  LOOP,
  REDUCE,
  type ListedResult,
} from "./testing/forge-loop.js";

/** A tool output as Codex hands it to the model: its "Wall time" lines, then the structuredContent as JSON. */
function outputJson(output: string): any {
  return JSON.parse(output.slice(output.indexOf("{")));
}

describe("Codex CLI with opencode-review mcp on a pull request", () => {
  const places = forgeLoopPlaces("codex");

  it("review_list shows alice's threads; the replies go out with pr push, once each, and only the accepted claim resolves", async () => {
    const { loop, home } = places;
    const repo = loop.f.repo.dir;
    expect((await runCliToEnd(["setup", "codex", "--local", "--repo", repo])).code).toBe(0);

    let listed: ListedResult | undefined;
    let ids: { edited: string; untouched: string } | undefined;
    const answered: { accepted?: unknown; refused?: unknown } = {};
    let step = 0;
    const model = await startFakeResponsesModel(async (request): Promise<ResponsesTurn | undefined> => {
      const review = request.namespaces.find((n) => n.tools.includes("review_list"));
      // Codex may send its first request before the server's tools are listed: a harmless look, then again.
      if (review === undefined && step === 0)
        return { kind: "tools", calls: [{ name: "exec_command", args: { cmd: "git status --short", tty: false } }] };
      if (review === undefined)
        throw new Error(`no review tools offered: ${request.namespaces.map((n) => n.name).join(", ")}`);
      const call = (name: string, args: Record<string, unknown>): ResponsesTurn => ({
        kind: "tools",
        calls: [{ name, namespace: review.name, args }],
      });
      switch (step++) {
        case 0:
          return call("review_list", {});
        case 1: {
          listed = outputJson(request.toolOutputs.at(-1)!.output);
          ids = aliceThreadIds(listed!);
          const app = await readFile(join(repo, "src", "app.ts"), "utf8");
          const fixed = app.replace(LOOP, REDUCE);
          return {
            kind: "tools",
            calls: [{ name: "exec_command", args: { cmd: `cat > src/app.ts <<'EOF'\n${fixed}EOF`, tty: false } }],
          };
        }
        case 2:
          return call("review_reply", { id: ids!.edited, text: "Now a reduce.", resolved: true });
        case 3:
          answered.accepted = outputJson(request.toolOutputs.at(-1)!.output);
          return call("review_reply", { id: ids!.untouched, text: "Renamed it.", resolved: true });
        case 4:
          answered.refused = outputJson(request.toolOutputs.at(-1)!.output);
          return { kind: "text", text: "Both PR comments are answered; the replies wait for you to push." };
        default:
          return undefined;
      }
    });
    places.model = model;
    await writeCodexConfig(home, repo, model.url);

    // The token and API bases are in the person's shell; set-up named them for Codex to pass on to the server.
    const run = await runCodex(home, repo, "Address the PR comments.", loop.serverEnv);
    const trace = codexTrace(run);
    expect(run.code, trace).toBe(0);
    expect(step, trace).toBeGreaterThanOrEqual(5);
    expectAliceListed(listed!);
    expect(answered.accepted).toMatchObject({ resolved: true, thread: { status: "resolved" } });
    expect(answered.refused).toMatchObject({
      resolved: false,
      refusal: expect.stringMatching(/^Replied, but not resolved: /),
    });
    expect(await readFile(join(repo, "src", "app.ts"), "utf8")).toContain(REDUCE);

    await expectPushedOnce(loop, { edited: "Now a reduce.", untouched: "Renamed it." });
  }, 200_000);
});
