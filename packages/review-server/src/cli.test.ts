// The `opencode-review` command as users run it: the built dist/cli.js in its own process.
import { existsSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Thread } from "@opencode-review/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCliToEnd, spawnCli, type CliProcess } from "./cli/testing/cli-process.js";
import { startFakeOpencodeServer } from "./cli/testing/fake-opencode-server.js";
import { makeTempRepository, type TempRepository } from "./git/testing/temp-repository.js";

const PANEL_LINK = /Open the panel: (http:\/\/127\.0\.0\.1:(\d+))\/#token=([0-9a-f]+)/;

async function api(base: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

async function changedRepository(): Promise<TempRepository> {
  const repo = await makeTempRepository();
  await repo.write("src/a.ts", "export const a = 1;\nexport const b = 2;\n");
  await repo.commitAll("base");
  await repo.write("src/a.ts", "export const a = 1;\nexport const b = 3;\n");
  return repo;
}

/** Stops a long-running command with Ctrl-C's signal and returns its exit code. */
async function interrupt(cli: CliProcess): Promise<number | null> {
  cli.child.kill("SIGINT");
  return cli.exited;
}

beforeAll(async () => {
  await buildCli();
}, 180_000);

describe("opencode-review serve and url", () => {
  let repo: TempRepository;
  beforeAll(async () => {
    repo = await changedRepository();
  });
  afterAll(async () => {
    await repo.remove();
  });

  it("serves the panel without tools, answers a release with the prose, is listed by url while it runs, and stops on Ctrl-C", async () => {
    const serve = spawnCli(["serve", "--repo", join(repo.dir, "src")]);
    try {
      const [, base, , token] = await serve.waitFor(PANEL_LINK);
      const link = `${base}/#token=${token}`;

      const health = await api(base!, token!, "/api/health");
      expect(health.json).toMatchObject({ ok: true, tools: false, repo: repo.dir, branch: "main" });

      const draft = await api(base!, token!, "/api/threads", {
        method: "POST",
        body: { file: "src/a.ts", start: 2, end: 2, body: "Why 3?" },
      });
      expect(draft.status).toBe(201);
      const release = await api(base!, token!, "/api/review/release", { method: "POST", body: {} });
      expect(release.json.review).toMatchObject({ mode: "prose", messages: 1, deliveredTo: null });
      expect(release.json.prose).toContain("src/a.ts");
      expect(release.json.prose).toContain("Why 3?");
      expect(release.json.prose).not.toContain("review_list");

      const url = await runCliToEnd(["url"], { cwd: repo.dir });
      expect(url).toMatchObject({ code: 0, stderr: "" });
      expect(url.stdout.trim().split("\n")).toEqual([link]);
    } finally {
      expect(await interrupt(serve)).toBe(0);
    }
    expect(serve.stdout()).toContain("stopped");
    expect(serve.stderr()).toBe("");

    const after = await runCliToEnd(["url", "--repo", repo.dir]);
    expect(after).toEqual({ code: 1, stdout: "", stderr: `no panel is running for ${repo.dir}\n` });
  });

  it("with --opencode, delivers a release as a prose message to that server's newest session", async () => {
    const opencode = await startFakeOpencodeServer([
      { id: "ses_older", time: { created: 1, updated: 100 } },
      { id: "ses_newer", time: { created: 2, updated: 200 } },
    ]);
    const serve = spawnCli(["serve", "--repo", repo.dir, "--opencode", opencode.url]);
    try {
      const [, base, , token] = await serve.waitFor(PANEL_LINK);
      expect(serve.stdout()).toContain(`Released reviews go to the opencode server at ${opencode.url}`);
      expect(
        (
          await api(base!, token!, "/api/threads", {
            method: "POST",
            body: { file: "src/a.ts", start: 1, end: 1, body: "Name it alpha." },
          })
        ).status,
      ).toBe(201);
      const release = await api(base!, token!, "/api/review/release", { method: "POST", body: {} });
      expect(release.json.review).toMatchObject({ mode: "prose", deliveredTo: "ses_newer" });

      const prompt = await opencode.nextPrompt();
      expect(prompt.sessionId).toBe("ses_newer");
      expect(prompt.body.parts).toEqual([{ type: "text", text: release.json.prose }]);
      expect(prompt.body.parts[0]!.text).toContain("Name it alpha.");
      // The release the earlier serve made with nobody attached ("Why 3?") was shown as text to copy, and said
      // nothing was sent: this process, which has a session, does not send it after all.
      expect(opencode.prompts.filter((p) => JSON.stringify(p.body).includes("Why 3?"))).toEqual([]);
      expect(opencode.prompts).toHaveLength(1);
    } finally {
      expect(await interrupt(serve)).toBe(0);
      await opencode.close();
    }
  });

  it("with --session, delivers to that session", async () => {
    const opencode = await startFakeOpencodeServer([{ id: "ses_newer", time: { created: 2, updated: 200 } }]);
    const serve = spawnCli(["serve", "--repo", repo.dir, "--opencode", opencode.url, "--session", "ses_chosen"]);
    try {
      const [, base, , token] = await serve.waitFor(PANEL_LINK);
      expect(
        (
          await api(base!, token!, "/api/threads", {
            method: "POST",
            body: { file: "src/a.ts", body: "A whole-file remark." },
          })
        ).status,
      ).toBe(201);
      expect(
        (await api(base!, token!, "/api/review/release", { method: "POST", body: {} })).json.review.deliveredTo,
      ).toBe("ses_chosen");
      expect((await opencode.nextPrompt()).sessionId).toBe("ses_chosen");
    } finally {
      expect(await interrupt(serve)).toBe(0);
      await opencode.close();
    }
  });
});

describe("opencode-review command lines", () => {
  let notGit: string;
  beforeAll(async () => {
    notGit = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-not-git-")));
  });
  afterAll(async () => {
    await rm(notGit, { recursive: true, force: true });
  });

  it.each([
    [["serve", "--port", "abc"], /^opencode-review serve: --port "abc" is not a port number/],
    [["serve", "--port", "70000"], /is not a port number/],
    [["serve", "--host", "0.0.0.0"], /^opencode-review serve: --host 0\.0\.0\.0 is not a loopback address/],
    [["serve", "--verbose"], /^opencode-review serve: unknown flag --verbose/],
    [["serve", "--session", "ses_1"], /--session needs --opencode/],
    [["serve", "--opencode", "localhost:4096"], /--opencode localhost:4096 is not an http address/],
    [["demo", "--port", "-1"], /^opencode-review demo: unknown flag -1|needs a value|not a port number/],
    [["url", "--repo"], /^opencode-review url: --repo needs a value/],
    [["review"], /^opencode-review: unknown command "review"/],
  ])("%j exits 2 with one line on stderr", async (args, message) => {
    const { code, stdout, stderr } = await runCliToEnd(args.map((a) => (a === "NOT_GIT" ? notGit : a)));
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  // Not a wrong command line: a right one that cannot do its work in that folder (docs/cli.md: exit 1).
  it.each([["serve"], ["url"], ["setup", "claude"], ["setup", "codex"], ["remove"]])(
    "%s in a folder outside any git repository exits 1 with one line on stderr",
    async (...command) => {
      const { code, stdout, stderr } = await runCliToEnd([...command, "--repo", notGit]);
      expect(
        stderr.startsWith(
          `opencode-review ${command[0]}: ${notGit} is not inside a git repository. Run git init there`,
        ),
        stderr,
      ).toBe(true);
      expect(stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(stdout).toBe("");
      expect(code).toBe(1);
    },
  );

  it.each([["serve"], ["demo"], ["url"]])("%s --help prints its usage and exits 0", async (command) => {
    const { code, stdout } = await runCliToEnd([command, "--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: opencode-review ${command}`));
  });
});

describe("opencode-review demo", () => {
  it("builds a repository with a thread in every state, serves it, and removes it on Ctrl-C", {
    timeout: 120_000,
  }, async () => {
    const demo = spawnCli(["demo"]);
    let folder: string | undefined;
    try {
      const [, base, _port, token] = await demo.waitFor(PANEL_LINK);
      const workTree = demo.stdout().match(/a throwaway repository in (\S+)/)![1]!;
      folder = dirname(workTree);
      expect(existsSync(join(workTree, "src/paginate.ts"))).toBe(true);

      const { json } = await api(base!, token!, "/api/threads?status=all");
      const threads = json.threads as Thread[];
      const has = (what: string, test: (t: Thread) => boolean) =>
        expect(threads.filter(test).length, what).toBeGreaterThan(0);
      has("waiting on the agent", (t) => t.status === "open" && t.awaiting === "agent");
      has(
        "answered by the agent",
        (t) => t.status === "open" && t.awaiting === "human" && t.messages.at(-1)?.author === "agent",
      );
      has("resolved by the agent", (t) => t.status === "resolved" && t.resolvedBy === "agent");
      has("moved", (t) => t.anchor.state === "moved");
      has("outdated", (t) => t.anchor.state === "outdated");
      has("an agent note", (t) => t.origin === "agent");
      has("a suggestion", (t) => t.messages.some((m) => m.suggestion !== null));
      has("a deleted-line comment", (t) => t.side === "old");
      has("a whole-file comment", (t) => t.start === null);
      has("a draft", (t) => t.status === "draft");
      expect(threads).toHaveLength(8);
      // The claims the summary promises, on the agent's messages.
      const claims = threads.flatMap((t) => t.messages.flatMap((m) => (m.claim ? [m.claim] : [])));
      expect(claims).toEqual(
        expect.arrayContaining([
          { resolved: true, accepted: true },
          { resolved: true, accepted: false, reason: "the lines only moved" },
        ]),
      );

      // No failed delivery on the first screen: round 1's release reached the demo's scripted agent, as the printout says.
      const reviews = (await api(base!, token!, "/api/reviews")).json.reviews as {
        delivery: { state: string; to?: string };
      }[];
      expect(reviews.map((r) => r.delivery)).toEqual([
        expect.objectContaining({ state: "delivered", to: "demo-agent" }),
      ]);
      expect(demo.stdout()).toContain("You reviewed round 1 and released it");
      // The printed link lands on a file with threads (the refused claim), not on the first file in path order.
      const landing = new URLSearchParams(new URL(demo.stdout().match(/Open the panel: (\S+)/)![1]!).hash.slice(1));
      expect(landing.get("file")).toBe("src/store.ts");
      expect(threads.find((t) => t.id === landing.get("thread"))?.anchor.state).toBe("moved");

      // The person's browser loads the public page; the page itself reads the token from the link's fragment.
      const page = await fetch(`${base}/`, { redirect: "manual" });
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.headers.get("set-cookie")).toBeNull();
      expect((await fetch(`${base}/api/health`)).status).toBe(401);
      expect((await fetch(`${base}/api/health`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      expect(await interrupt(demo)).toBe(0);
    }
    expect(demo.stderr()).toBe("");
    expect(folder !== undefined && existsSync(folder)).toBe(false);
  });
});
