// Every command the README, docs/ and the examples' READMEs give, run as a clone's user runs it; a command
// the docs add is picked up here without editing this file, and one no rule below knows how to run fails,
// named with where it is written.
//
// Which text is a command (src/testing/doc-commands.ts):
// - every line of a fenced block tagged sh, bash, shell or console (a `$ ` prompt and a trailing `# comment`
//   dropped, `\` continuing a line); the lines of one block run in order in one folder and environment
//   (`cd` moves it, `export` sets a variable); a line's `A && B` steps run in order, each by its rule;
// - every inline code span outside the blocks that starts with `opencode-review`, `npx`, `pnpm`, `node` or
//   `alias`, or with `git`/`opencode` and names `opencode-review` (git's and opencode's own commands are
//   otherwise mentions of those tools, not steps of this one).
// A span with placeholders (`[--flag X]`, `a|b`, `<command>`, `...`) is a synopsis: its command's `--help`
// exits 0 and names every flag the span shows.
//
// How they run: in a fresh `git clone` of this checkout's HEAD. `pnpm install` runs there as written (once,
// its result checked wherever the docs give it); `pnpm build` reuses the dist/ this test run already built
// (copied into the clone: the README's order, install then build, is kept). `opencode-review` is the README's
// own alias line, defined in the clone's folder as it says. Placeholders: `/path/to/your/project` and `DIR`
// are a fresh git repository, `/tmp/` a temporary folder, `/path/to/the/clone` the clone, `ghp_...` the GitHub
// stand-in's token (GITHUB_API_URL and GITHUB_GRAPHQL_URL point at the stand-in, as for GitHub Enterprise).
// Long-running commands (the demo, serve, mcp) are started, probed (the link answers, the MCP server answers
// `initialize`) and stopped with Ctrl-C or by closing stdin. Commands that need the package published on npm,
// an interactive program, or minutes of their own are skipped, each with why (RULES).
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildCli } from "./cli/testing/cli-process.js";
import { makeGitHubFixture, STAND_IN_TOKEN } from "./forge/testing/github-fixture.js";
import { extractCommands, type DocCommand } from "./testing/doc-commands.js";

const workspace = fileURLToPath(new URL("../../..", import.meta.url));
const commands = extractCommands(workspace);

/** What one shell run printed. */
interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/** The state of one block's run: its folder and environment carry from line to line. */
interface Block {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** A fresh git repository, made on first use: `/path/to/your/project`, `DIR`. */
  project(): string;
  /** Set when a block's `export GH_TOKEN=...` asks for the forge stand-in: its repository and environment. */
  forge: { readonly dir: string; readonly env: Record<string, string | undefined> } | null;
}

type Expect = typeof expect;
/** Runs one step of a command and asserts what a user would look for. */
type Run = (step: string, block: Block, e: Expect) => Promise<void>;
/** How a step the docs give is run (`run`), or why it is not (`skip`). */
type Rule = { readonly match: RegExp; readonly why: string } & ({ readonly skip: true } | { readonly run: Run });

let root: string;
let clone: string;
let aliasLine: string;
let installed: Promise<Ran>;
const cleanups: (() => Promise<void> | void)[] = [];

const gitIdentity = {
  GIT_AUTHOR_NAME: "Clone User",
  GIT_AUTHOR_EMAIL: "user@example.com",
  GIT_COMMITTER_NAME: "Clone User",
  GIT_COMMITTER_EMAIL: "user@example.com",
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "opencode-review-docs-"));
  clone = join(root, "clone");
  mkdirSync(join(root, "tmp"));
  const alias = commands.flatMap((c) => c.lines.flat()).find((s) => s.startsWith("alias opencode-review="));
  if (alias === undefined) throw new Error("The README no longer gives the alias line a clone's user runs.");
  aliasLine = alias;
  const cloned = sh(`git clone -q ${q(workspace)} ${q(clone)}`, root);
  installed = cloned.then(() => sh("pnpm install", clone));
  await Promise.all([buildCli(), cloned]);
  // `pnpm build`'s output, reused: this run built it (buildCli) from the same sources.
  cpSync(join(workspace, "packages/review-server/dist"), join(clone, "packages/review-server/dist"), {
    recursive: true,
  });
  await installed;
}, 300_000);

afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

/** Single-quoted for bash. */
function q(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Runs `command` in bash in `cwd`, with `opencode-review` defined by the README's alias line (in the clone's
 * folder, as the README says), and `input` on stdin.
 */
function sh(command: string, cwd: string, env: NodeJS.ProcessEnv = process.env, input = ""): Promise<Ran> {
  const script =
    clone === undefined || aliasLine === undefined
      ? command
      : `cd ${q(clone)} && shopt -s expand_aliases && ${aliasLine}\ncd ${q(cwd)}\n${command}\n`;
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd, env: { ...env, ...gitIdentity }, stdio: "pipe" });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
    child.stdin.end(input);
  });
}

/** The docs' placeholders, as a clone's user would fill them in. */
function filled(step: string, block: Block): string {
  // /tmp/ first: the folders put in for the others are under the system's temporary folder themselves.
  return step
    .replace(/(^|\s)\/tmp(?=[/)\s]|$)/g, `$1${root}/tmp`)
    .replaceAll("/path/to/your/project", block.project())
    .replaceAll("/path/to/the/clone", clone)
    .replaceAll("ghp_...", STAND_IN_TOKEN)
    .replace(/\sDIR(\s|$)/g, ` ${block.project()}$1`);
}

/** `node packages/...` runs from the clone's folder, as the README says; `opencode-review` in a user's project. */
function folderFor(step: string, block: Block): string {
  return step.startsWith("node packages/") ? block.cwd : block.project();
}

/** A shell step whose exit code and one line of output are what a user looks for. */
function runs(code: number, output: RegExp, where: (block: Block) => string = (b) => b.cwd): Run {
  return async (step: string, block: Block, e: Expect) => {
    const ran = await sh(filled(step, block), where(block), block.env);
    e(ran.code, `${step}\n${ran.out}${ran.err}`).toBe(code);
    e(ran.out + ran.err, step).toMatch(output);
  };
}

/**
 * Starts a long-running command, waits for the panel's link it prints, opens it (the page answers), then
 * stops it with Ctrl-C: it exits 0 and says it stopped.
 */
async function servesPanel(command: string, cwd: string, env: NodeJS.ProcessEnv, e: Expect): Promise<string> {
  const child = spawn(
    "bash",
    ["-c", `cd ${q(clone)} && shopt -s expand_aliases && ${aliasLine}\ncd ${q(cwd)}\n${command}\n`],
    {
      cwd,
      env: { ...env, ...gitIdentity },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGINT");
    } catch {
      // already gone
    }
  };
  cleanups.push(stop);
  try {
    const link = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${command}: no link within 90 s\n${out}`)), 90_000);
      const look = () => {
        const found = /http:\/\/127\.0\.0\.1:\d+\/#token=\S+/.exec(out);
        if (found) {
          clearTimeout(timer);
          resolve(found[0]);
        }
      };
      child.stdout.on("data", look);
      child.stderr.on("data", look);
      void exited.then((code) => reject(new Error(`${command} ended (${code}) before printing a link\n${out}`)));
    });
    const page = await fetch(link);
    e(page.status, `${command}: ${link}`).toBe(200);
    e(await page.text()).toContain("<html");
    return link;
  } finally {
    stop();
    e(await exited, `${command} after Ctrl-C\n${out}`).toBe(0);
    e(out).toContain("Ctrl-C");
  }
}

/** The MCP server as a client starts it: it answers `initialize` with its name, and exits when stdin closes. */
async function answersMcp(command: string, cwd: string, env: NodeJS.ProcessEnv, e: Expect): Promise<void> {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "docs-test", version: "1" } },
  };
  const ran = await sh(command, cwd, env, `${JSON.stringify(initialize)}\n`);
  e(ran.code, `${command}\n${ran.err}`).toBe(0);
  const answer = JSON.parse(ran.out.split("\n")[0]!);
  e(answer.result.serverInfo.name).toBe("opencode-review");
}

/** The synopsis `opencode-review pr pull|push|status [--repo DIR] [--pr N]`: its command's --help names each flag. */
async function synopsis(step: string, block: Block, e: Expect): Promise<void> {
  const words = step.replace(/^node \S*cli\.js/, "opencode-review").split(" ");
  // The command's words: those before the first placeholder or flag.
  const firstOther = words.findIndex((w, i) => i > 0 && !/^[a-z][a-z-]*$/.test(w));
  const command = words.slice(1, firstOther === -1 ? words.length : firstOther);
  // `a|b` names alternatives: each gets its help; `<command>` and the rest: the top-level help.
  const alternatives = (words[command.length + 1] ?? "").includes("|")
    ? words[command.length + 1]!.split("|").map((alt) => [...command, alt])
    : [command];
  for (const alt of alternatives) {
    const ran = await sh(`opencode-review ${[...alt, "--help"].join(" ")}`, block.cwd, block.env);
    e(ran.code, `${step}: opencode-review ${alt.join(" ")} --help\n${ran.err}`).toBe(0);
    e(ran.out).toContain("Usage: opencode-review");
    for (const flag of step.matchAll(/--[a-z][a-z-]*/g))
      e(ran.out, `${alt.join(" ")} --help names ${flag[0]}`).toContain(flag[0]);
  }
}

/** Runs a `pr` step beside the GitHub stand-in with pull request #7 (one review thread), as docs/forge.md sets up. */
async function onForge(
  block: Block,
): Promise<{ readonly dir: string; readonly env: Record<string, string | undefined> }> {
  if (block.forge !== null) return block.forge;
  const f = await makeGitHubFixture();
  cleanups.push(() => f.close());
  f.github.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
  });
  block.forge = { dir: f.repo.dir, env: { ...f.env, GH_TOKEN: undefined, PATH: process.env.PATH } };
  return block.forge;
}

const PACK = /^\(cd packages\/review-server && pnpm pack --pack-destination \S+\)$/;
let packing: Promise<Ran> | undefined;
/** The docs' pack step, run once whichever of the steps that need it comes first. */
function packed(step: string, block: Block): Promise<Ran> {
  packing ??= sh(filled(step, block), clone, block.env);
  return packing;
}

const RULES: readonly Rule[] = [
  {
    match: /^npx\b/,
    skip: true,
    why: "runs the package from npm, where it is not published yet (the README says so); installing it from a private registry is terminal-half-install.test.ts's",
  },
  {
    match: /^opencode plugin opencode-review$/,
    skip: true,
    why: "installs from npm; terminal-half-install.test.ts runs it against a private registry with the real opencode",
  },
  {
    match: /^(opencode|claude|codex)$/,
    skip: true,
    why: "an interactive program: the tui/ tests drive opencode under tmux, the mcp tests Claude Code and Codex with scripted models",
  },
  { match: /^pnpm test$/, skip: true, why: "the whole suite, this test among it (CI runs it: .ci/run)" },
  {
    match: /^pnpm bench\b/,
    skip: true,
    why: "minutes of measurement on a quiet machine; its verdicts are read by a person, not a test",
  },
  {
    match: /^npm install -g pnpm@(\S+)$/,
    why: "installs pnpm for the whole machine: not done by a test; the pnpm here must be that version",
    run: async (step, block, e) => {
      const ran = await sh("pnpm --version", block.cwd, block.env);
      e(ran.out.trim(), step).toBe(/pnpm@(\S+)$/.exec(step)![1]);
    },
  },
  {
    match: /^pnpm install$/,
    why: "run once in the clone (beforeAll)",
    run: async (step, _block, e) => {
      const ran = await installed;
      e(ran.code, `${step}\n${ran.out}${ran.err}`).toBe(0);
      e(ran.out).toMatch(/Done in|Already up to date/);
    },
  },
  {
    match: /^pnpm build$/,
    why: "this run's build is reused (copied into the clone)",
    run: async (_step, _block, e) => {
      e(existsSync(join(clone, "packages/review-server/dist/cli.js"))).toBe(true);
      e(existsSync(join(clone, "packages/review-server/dist/panel/index.html"))).toBe(true);
    },
  },
  {
    match: /^pnpm demo$/,
    why: "the package.json script, its `pnpm build` reused",
    run: async (step, block, e) => {
      const script: string = JSON.parse(readFileSync(join(clone, "package.json"), "utf8")).scripts.demo;
      e(script, step).toMatch(/^pnpm build && /);
      await servesPanel(script.replace(/^pnpm build && /, ""), clone, block.env, e);
    },
  },
  {
    match: /^opencode-review demo$/,
    why: "long-running: started, its link opened, stopped",
    run: async (step, block, e) => void (await servesPanel(step, block.cwd, block.env, e)),
  },
  {
    match: /^(opencode-review|node packages\/review-server\/dist\/cli\.js) serve( --repo DIR)?$/,
    why: "long-running: started on a fresh repository, its link opened, stopped",
    run: async (step, block, e) =>
      void (await servesPanel(filled(step, block), step.includes("DIR") ? block.cwd : block.project(), block.env, e)),
  },
  {
    match: /^opencode-review url$/,
    why: "run while serve runs for the repository: prints that panel's link",
    run: async (step, block, e) => {
      const project = block.project();
      const none = await sh(step, project, block.env);
      e(none.code, "no panel yet: exit 1").toBe(1);
      const serve = spawn("node", [join(clone, "packages/review-server/dist/cli.js"), "serve"], {
        cwd: project,
        stdio: ["ignore", "pipe", "pipe"],
      });
      cleanups.push(() => void serve.kill("SIGINT"));
      const link = await new Promise<string>((resolve) => {
        let out = "";
        serve.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const found = /http:\/\/127\.0\.0\.1:\d+\/#token=\S+/.exec(out);
          if (found) resolve(found[0]);
        });
      });
      const ran = await sh(step, project, block.env);
      serve.kill("SIGINT");
      e(ran.code, ran.err).toBe(0);
      e(ran.out).toContain(link);
    },
  },
  {
    match: /^(opencode-review|node \S+\/dist\/cli\.js) mcp$/,
    why: "a stdio server: answers initialize, exits when stdin closes",
    run: async (step, block, e) => answersMcp(filled(step, block), block.project(), block.env, e),
  },
  {
    match: /^alias opencode-review=/,
    why: "defined in the clone's folder as the README says, then used in another folder (every command here runs through it)",
    run: async (step, block, e) => {
      const ran = await sh(`${step}\ncd ${q(block.project())}\nopencode-review --help`, clone, block.env);
      e(ran.code, ran.err).toBe(0);
      e(ran.out).toContain("Usage: opencode-review");
    },
  },
  { match: /^opencode-review --help$/, why: "", run: runs(0, /Usage: opencode-review <command>/) },
  {
    match: /^opencode-review doctor$/,
    why: "in a fresh repository: notes, no problem",
    run: runs(0, /^ok\s+git: git \d/m, (b) => b.project()),
  },
  {
    match: /^opencode-review hook (stop|prompt)$/,
    why: "nothing waits: prints nothing, exit 0",
    run: runs(0, /^$/, (b) => b.project()),
  },
  {
    match: /^(opencode-review|node packages\/review-server\/dist\/cli\.js) remove$/,
    why: "in a fresh repository, or the fresh clone from its folder",
    run: async (step, block, e) => runs(0, /Nothing to remove/, () => folderFor(step, block))(step, block, e),
  },
  {
    match: /^(opencode-review|node packages\/review-server\/dist\/cli\.js) setup (claude|codex)( --local --repo \S+)?$/,
    why: "writes the client's config into a fresh repository",
    run: async (step, block, e) => {
      const ran = await sh(filled(step, block), folderFor(step, block), block.env);
      e(ran.code, `${step}\n${ran.err}`).toBe(0);
      e(ran.out).toMatch(step.includes("claude") ? /\.mcp\.json/ : /\.codex\/config\.toml/);
      if (!step.includes("--local"))
        e(ran.out, "without --local it says npx needs the package published").toContain("--local");
    },
  },
  {
    match: /^export GH_TOKEN=ghp_\.\.\.$/,
    why: "the stand-in's token; the block's next steps run beside the GitHub stand-in",
    run: async (step, block) => {
      const forge = await onForge(block);
      block.cwd = forge.dir;
      block.env = { ...block.env, ...forge.env, GH_TOKEN: filled(step, block).split("=")[1] };
    },
  },
  {
    match: /^opencode-review pr (pull|push|status)( --pr 7)?$/,
    why: "beside the GitHub stand-in with pull request #7",
    run: async (step, block, e) => {
      const forge = await onForge(block);
      const env = { ...block.env, ...forge.env, GH_TOKEN: STAND_IN_TOKEN };
      const pulled = step.includes("pull") ? null : await sh("opencode-review pr pull", forge.dir, env);
      if (pulled !== null) e(pulled.code, pulled.err).toBe(0);
      const ran = await sh(step, forge.dir, env);
      e(ran.code, `${step}\n${ran.err}`).toBe(0);
      e(ran.out).toMatch(
        step.includes("pull")
          ? /PR #7: 1 new thread/
          : step.includes("push")
            ? /^PR #7: nothing to push\./
            : /^PR #7 on octo\/app/,
      );
    },
  },
  {
    match: /^opencode-review pr$/,
    why: "without pull, push or status: the command line is wrong (exit 2, one line saying what)",
    run: runs(2, /pull|push|status/, (b) => b.project()),
  },
  {
    match: /^git config opencode-review\.forge github$/,
    why: "beside the GitHub stand-in: pull still finds the pull request",
    run: async (step, block, e) => {
      const forge = await onForge(block);
      e((await sh(step, forge.dir, block.env)).code).toBe(0);
      const ran = await sh("opencode-review pr pull", forge.dir, {
        ...block.env,
        ...forge.env,
        GH_TOKEN: STAND_IN_TOKEN,
      });
      e(ran.out, ran.err).toMatch(/PR #7/);
    },
  },
  {
    match: /^git for-each-ref refs\/opencode-review\/$/,
    why: "after a round was taken (serve's first diff): lists its ref",
    run: async (step, block, e) => {
      const project = block.project();
      await answersMcp("opencode-review mcp", project, block.env, e);
      const ran = await sh(step, project, block.env);
      e(ran.code).toBe(0);
    },
  },
  { match: /^cp -r \S+ \S+$/, why: "", run: runs(0, /^$/) },
  {
    match: /^cd \S+$/,
    why: "moves the block's folder",
    run: async (step, block, e) => {
      const to = filled(step, block).slice(3);
      e(existsSync(to), step).toBe(true);
      block.cwd = to;
    },
  },
  { match: /^git (init|add|commit)\b/, why: "", run: runs(0, /^$|\S/) },
  {
    match: PACK,
    why: "packs the plugin (its prepack bundles), once: the install below uses the tarball",
    run: async (step, block, e) => {
      const ran = await packed(step, block);
      e(ran.code, `${step}\n${ran.err}`).toBe(0);
      e(ran.out).toMatch(/opencode-review-\d+\.\d+\.\d+\.tgz/);
    },
  },
  {
    match: /^npm install --ignore-scripts --prefix \S+ \S+\.tgz$/,
    why: "installs the packed plugin from its tarball (packed by the step the docs give before it), its dependencies from the registry npm uses",
    run: async (step, block, e) => {
      const pack = commands.flatMap((c) => c.lines.flat()).find((s) => PACK.test(s));
      e(pack, "the docs no longer say how to pack the tarball this installs").toBeDefined();
      await packed(pack!, { ...block, cwd: clone });
      const ran = await sh(filled(step, block), block.cwd, block.env);
      e(ran.code, `${step}\n${ran.err}`).toBe(0);
      e(existsSync(join(filled(step, block).split(" ")[4]!, "node_modules/opencode-review/package.json"))).toBe(true);
    },
  },
  {
    // Last: a step with placeholders no rule above runs.
    match: /\[|\||<[a-z]+>|\.\.\./,
    why: "a synopsis: its command's --help names every flag it shows",
    run: synopsis,
  },
];

const named = (c: DocCommand) => `${c.where} ${c.lines.map((l) => l.join(" && ")).join(" ; ")}`;

describe.concurrent("every command the README and docs/ give, from a clone", () => {
  test("there are commands to run, the README's alias among them", () => {
    expect(commands.length).toBeGreaterThan(20);
  });

  test.for(commands.map((c): [string, DocCommand] => [named(c), c]))(
    "%s",
    { timeout: 240_000 },
    async ([, command], { expect: e }) => {
      let project: string | null = null;
      const block: Block = {
        cwd: clone,
        env: { ...process.env },
        forge: null,
        project: () => {
          if (project !== null) return project;
          project = mkdtempSync(join(root, "project-"));
          // A user's project: a git repository with one commit.
          execFileSync("bash", ["-c", "git init -q && echo hi > a.txt && git add a.txt && git commit -qm start"], {
            cwd: project,
            env: { ...process.env, ...gitIdentity },
          });
          return project;
        },
      };
      for (const line of command.lines) {
        for (const step of line) {
          const rule = RULES.find((r) => r.match.test(step));
          e(
            rule,
            `${command.where}: no rule runs \`${step}\`; add one to RULES in docs-commands.test.ts`,
          ).toBeDefined();
          if (rule === undefined || "skip" in rule) continue;
          await rule.run(step, block, e);
        }
      }
    },
  );
});
