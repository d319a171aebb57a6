// A real client: Codex CLI, set up by `opencode-review setup codex`, driven headless by a scripted model
// on loopback. The person releases two comments over HTTP; the Stop hook rings; the model lists them,
// edits one place with Codex's own shell tool, and claims both resolved: one refused, one accepted; then it leaves its tour.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCliToEnd } from "../cli/testing/cli-process.js";
import type { TempRepository } from "../git/testing/temp-repository.js";
import {
  startFakeResponsesModel,
  type FakeResponsesModel,
  type ResponsesTurn,
} from "../testing/fake-responses-model.js";
import { eventually } from "../testing/eventually.js";
import {
  api,
  expectListedTwo,
  expectRefusedThenAccepted,
  expectVerdictsStored,
  FIXED_APP,
  makeClientReview,
  onTheStore,
  personAnswersRefused,
  personReleasesTwo,
  RELEASE_NOTICE,
  WAITING_LINE,
  type ClientReview,
  type ReleasedThreads,
} from "./testing/client-review.js";
import { codexTrace, runCodex, writeCodexConfig } from "./testing/codex-cli.js";

describe("Codex CLI 0.169 with opencode-review over MCP", () => {
  let review: ClientReview | undefined;
  let repo: TempRepository;
  let home: string;
  let model: FakeResponsesModel;
  beforeAll(async () => {
    await buildCli();
    // The agent's earlier change is in the work tree, so there is a diff to review.
    review = await makeClientReview("codex");
    ({ repo, home } = review);
  }, 180_000);
  afterAll(async () => {
    await model?.close();
    await review?.remove();
  });

  it("the Stop hook rings with the release notice; a refused and an accepted checked resolve reach the model", async () => {
    // The project's own Codex settings, which set-up merges into (a second run changes nothing).
    await mkdir(join(repo.dir, ".codex"), { recursive: true });
    await writeFile(join(repo.dir, ".codex", "config.toml"), '# this project\nmodel_reasoning_effort = "low"\n');
    const first = await runCliToEnd(["setup", "codex", "--local", "--repo", repo.dir]);
    expect(first.stdout).toContain(".codex/config.toml: added [mcp_servers.opencode-review]");
    const configured = await readFile(join(repo.dir, ".codex", "config.toml"), "utf8");
    const again = await runCliToEnd(["setup", "codex", "--local", "--repo", repo.dir]);
    expect(again.stdout).toContain("Already set up for Codex; nothing changed.");
    expect(await readFile(join(repo.dir, ".codex", "config.toml"), "utf8")).toBe(configured);

    const threads: ReleasedThreads = {};
    let waitingAfterRelease: unknown;
    let step = 0;
    model = await startFakeResponsesModel(async (request): Promise<ResponsesTurn | undefined> => {
      const review = request.namespaces.find((n) => n.tools.includes("review_list"));
      if (step === 0) {
        // The person reviews and releases while the agent works. (Codex may send this first request before
        // the server's tools are listed: the panel is found as the person finds it, with opencode-review url.)
        const panelUrl = await personReleasesTwo(repo.dir, threads);
        waitingAfterRelease = (await api(panelUrl, "/api/review")).waiting;
        step++;
        return { kind: "text", text: "I finished the change." };
      }
      if (review === undefined)
        throw new Error(`no review tools offered: ${request.namespaces.map((n) => n.name).join(", ")}`);
      expect(review.description).toMatch(/The person reviews in a web panel at http:\/\/127\.0\.0\.1:\d+\/#token=/);
      const call = (name: string, args: Record<string, unknown>): ResponsesTurn => ({
        kind: "tools",
        calls: [{ name, namespace: review.name, args }],
      });
      switch (step++) {
        case 1:
          return call("review_list", {});
        case 2:
          // Codex's own tool edits the file, as the agent would.
          return {
            kind: "tools",
            calls: [{ name: "exec_command", args: { cmd: `cat > src/app.ts <<'EOF'\n${FIXED_APP}EOF`, tty: false } }],
          };
        case 3:
          return call("review_reply", { id: threads.untouched, text: "Fixed.", resolved: true });
        case 4:
          return call("review_reply", { id: threads.edited, text: "Now a reduce.", resolved: true });
        case 5:
          // The agent's tour of its change, through the same MCP server: one step, the other file unexplained.
          return call("review_tour", {
            title: "Reading order",
            steps: [{ file: "src/app.ts", from: 1, to: 3, text: "The sum is now a reduce." }],
          });
        case 6:
          return { kind: "text", text: "Both comments are answered." };
        default:
          return undefined;
      }
    });

    await writeCodexConfig(home, repo.dir, model.url);

    const run = await runCodex(home, repo.dir, "Tidy up src/app.ts.");
    const trace = codexTrace(run);
    expect(run.code, trace).toBe(0);
    expect(step, trace).toBeGreaterThanOrEqual(7);

    // Codex ended its MCP server with the run: its panel is gone from the list. Codex closes the server's
    // stdin and exits without waiting for it, so the server may still be shutting down for a moment (CI saw
    // its panel listed right after Codex's exit): wait, within seconds, for the list to be empty.
    const ended = await eventually(
      async () => {
        const listed = await runCliToEnd(["url", "--repo", repo.dir]);
        return listed.code === 1 ? listed : null;
      },
      "Codex's MCP server ended and its panel left the list",
      15_000,
    );
    expect(ended).toMatchObject({ code: 1, stdout: "" });

    // The release waited for the agent's next turn.
    expect(waitingAfterRelease).toMatchObject({
      messages: 2,
      text: "2 released comments on src/app.ts, src/other.ts: waiting for the agent's next turn.",
    });
    // The agent's turn ended; the Stop hook blocked with the notice, and Codex went on with it as the next instruction.
    expect(
      model.requests[1]!.userTexts.some((text) => text.includes(RELEASE_NOTICE)),
      trace,
    ).toBe(true);
    expect(model.requests[0]!.userTexts.some((text) => text.includes(RELEASE_NOTICE))).toBe(false);
    // Codex hands the model a tool's structuredContent as JSON (after its own "Wall time" lines) and drops the
    // text: the prose reaches it there, under prose, before the metadata.
    const listed = model.requests[2]!.toolOutputs.at(-1)!.output;
    const listedJson = JSON.parse(listed.slice(listed.indexOf("{")));
    expectListedTwo(listedJson, threads);
    expect(listedJson.threads.every((t: any) => t.messages[0].delivery === "delivered")).toBe(true);
    // The untouched thread's resolve was refused, and the model was told why; the edited one's accepted.
    const refused = model.requests[4]!.toolOutputs.at(-1)!.output;
    const accepted = model.requests[5]!.toolOutputs.at(-1)!.output;
    expectRefusedThenAccepted(refused, accepted);
    expect(await readFile(join(repo.dir, "src", "app.ts"), "utf8")).toBe(FIXED_APP);
    // The tour reached the model as the tool's answer, and names what no step explains.
    const toured = model.requests[6]!.toolOutputs.at(-1)!.output;
    expect(toured).toContain("The sum is now a reduce.");
    expect(toured).toContain("src/other.ts");

    // What the person sees afterwards, from the same store.
    const all = await expectVerdictsStored(repo.dir, threads);
    expect(all.find((t) => t.id === threads.untouched)!.messages.map((m) => m.body)).toEqual(["Why 3?", "Fixed."]);
    await onTheStore(repo.dir, async (service) => {
      // The person's panels read the same tour: its step current on the lines it names, the other file uncovered.
      const tour = await service.tour();
      expect(tour).toMatchObject({
        title: "Reading order",
        steps: [
          { file: "src/app.ts", start: 1, end: 3, text: "The sum is now a reduce.", anchor: { state: "current" } },
        ],
      });
      // (set-up's own .codex files are new in the work tree too, and no step explains them either)
      expect(tour!.uncovered.map((h) => h.file)).toContain("src/other.ts");
      expect(tour!.uncovered.map((h) => h.file)).not.toContain("src/app.ts");
    });
  }, 200_000);

  it("the prompt hook puts the waiting line before the prompt; after one block the Stop hook lets the agent stop", async () => {
    await personAnswersRefused(repo.dir);
    await model?.close();
    // This time the agent ignores the doorbell: the Stop hook must not hold it in a loop.
    model = await startFakeResponsesModel(() => ({ kind: "text", text: "Later." }));
    await writeCodexConfig(home, repo.dir, model.url);

    const run = await runCodex(home, repo.dir, "Anything else?");
    expect(run.code).toBe(0);
    // Codex adds a UserPromptSubmit hook's output as a developer message right after the prompt.
    expect(model.requests[0]!.developerTexts).toContain(WAITING_LINE);
    expect(
      model.requests[1]!.userTexts.some((text) => text.includes("The reviewer released 1 comment on src/other.ts.")),
    ).toBe(true);
    // Blocked once, then stop_hook_active: the run ends instead of ringing again.
    expect(model.requests).toHaveLength(2);
  }, 200_000);
});
