import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tempPlaces, type TempRepository } from "../git/testing/temp-repository.js";
import { openStore, upsertServer, writePanelToken, writeTransaction } from "../store/index.js";
import { buildCli, cliPath, runCliToEnd, spawnCli } from "./testing/cli-process.js";

// `opencode-review doctor` as a person runs it: the built CLI in a process of its own, against a real
// repository, store file and configs (CONTRACT: CLI). One line per check; exit 1 on any problem; it
// changes nothing.
const temp = tempPlaces();
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
  await temp.removeAll();
});

beforeAll(async () => {
  await buildCli();
}, 180_000);

/** The environment of a person with no global opencode config and no forge token, in a home of its own. */
async function environment(extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  const home = await temp.folder("opencode-review-home-");
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), ...extra };
  for (const name of [
    "GH_TOKEN",
    "GITHUB_TOKEN",
    "FORGEJO_TOKEN",
    "GITEA_TOKEN",
    "GITHUB_API_URL",
    "FORGEJO_API_URL",
    "OPENCODE_TUI_CONFIG",
  ]) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

/** A repository set up as `opencode plugin opencode-review` leaves it: the plugin in both configs. */
async function setUpRepository(): Promise<TempRepository> {
  const repo = await temp.repository();
  await repo.write("src/a.ts", "export const a = 1;\n");
  await repo.write(
    "opencode.json",
    JSON.stringify({ $schema: "https://opencode.ai/config.json", plugin: ["opencode-review"] }, null, 2),
  );
  await repo.write("tui.json", '{\n  // the terminal half\n  "plugin": ["opencode-review"],\n}\n');
  await repo.commitAll("base");
  return repo;
}

const storePath = (repo: TempRepository) => join(repo.dir, ".git", "opencode-review", "review.sqlite");
const lineOf = (stdout: string, name: string) =>
  stdout.split("\n").find((line) => line.slice(8).startsWith(`${name}:`));

async function doctor(repo: string, env: NodeJS.ProcessEnv, cwd?: string) {
  return runCliToEnd(cwd === undefined ? ["doctor", "--repo", repo] : ["doctor"], {
    env,
    ...(cwd === undefined ? {} : { cwd }),
  });
}

describe("opencode-review doctor", () => {
  it("on a healthy set-up with a panel running: one ok line per check, exit 0, and no store made or changed", async () => {
    const repo = await setUpRepository();
    const env = await environment();
    // Nothing is created by asking.
    const first = await doctor(repo.dir, env);
    expect(first.code).toBe(0);
    expect(existsSync(join(repo.dir, ".git", "opencode-review"))).toBe(false);
    expect(lineOf(first.stdout, "store")).toMatch(/^ok +store: none yet at /);

    const serve = spawnCli(["serve", "--repo", repo.dir], { env });
    try {
      const [, url] = await serve.waitFor(/Open the panel: (http:\/\/127\.0\.0\.1:\d+)/);
      const before = readdirSync(join(repo.dir, ".git", "opencode-review")).sort();
      const result = await doctor(repo.dir, env);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const lines = result.stdout.trim().split("\n");
      for (const name of [
        "git",
        "repository",
        "store",
        "schema",
        "store writes",
        "file modes",
        "node",
        "sqlite",
        "bun",
        "opencode.json",
        "tui.json",
        ".mcp.json",
        ".codex/config.toml",
        "panels",
        "forge",
      ]) {
        expect(
          lines.filter((line) => line.slice(8).startsWith(`${name}:`)),
          name,
        ).toHaveLength(1);
      }
      expect(lines.some((line) => line.startsWith("PROBLEM"))).toBe(false);
      expect(lineOf(result.stdout, "schema")).toMatch(/^ok +schema: \d{4}_\w+ \(up to date\)$/);
      expect(lineOf(result.stdout, "file modes")).toMatch(/^ok +file modes: folder 700, files private to you$/);
      expect(lineOf(result.stdout, "opencode.json")).toContain(
        `lists opencode-review (${join(repo.dir, "opencode.json")})`,
      );
      expect(lineOf(result.stdout, "tui.json")).toContain(`lists opencode-review (${join(repo.dir, "tui.json")})`);
      expect(lineOf(result.stdout, "panels")).toMatch(
        new RegExp(`^ok +panels: 1 running \\(${url}\\), version \\d+\\.\\d+\\.\\d+`),
      );
      expect(readdirSync(join(repo.dir, ".git", "opencode-review")).sort()).toEqual(before);
    } finally {
      serve.child.kill("SIGINT");
      await serve.exited;
    }
  }, 120_000);

  it("names a damaged store (not a database), says to move it aside, and leaves its bytes as they were", async () => {
    const repo = await setUpRepository();
    await mkdir(join(repo.dir, ".git", "opencode-review"), { recursive: true, mode: 0o700 });
    const junk = "this is not a database, it was a half-copied file\n".repeat(200);
    await writeFile(storePath(repo), junk, { mode: 0o600 });
    const result = await doctor(repo.dir, await environment());
    expect(result.code).toBe(1);
    expect(lineOf(result.stdout, "store")).toBe(
      `PROBLEM store: ${storePath(repo)} cannot be opened: it is not a SQLite database (damaged, or another kind of file) -> move it aside (mv ${storePath(repo)} ${storePath(repo)}.broken); a new, empty store is made on the next start`,
    );
    expect(lineOf(result.stdout, "schema")).toMatch(/^skip +schema: the store does not open$/);
    expect(result.stderr).toBe('1 problem found; each says what to do after "->".\n');
    expect(readFileSync(storePath(repo), "utf8")).toBe(junk);
    expect(readdirSync(join(repo.dir, ".git", "opencode-review"))).toEqual(["review.sqlite"]);
  }, 60_000);

  it("opens an older store read-only: its pending migrations are reported, not run", async () => {
    const repo = await setUpRepository();
    const store = await openStore({ path: storePath(repo) });
    await sql`DELETE FROM kysely_migration WHERE name >= '0012'`.execute(store.db);
    await sql`DROP TABLE list_cursors`.execute(store.db);
    await store.close();
    const result = await doctor(repo.dir, await environment());
    expect(lineOf(result.stdout, "schema")).toMatch(
      /^ok +schema: 0011_located_anchors; \d+ migration\(s\) of this version run at the next start$/,
    );
    const again = await openStoreReadOnlyNames(storePath(repo));
    expect(again).not.toContain("0013_list_cursors");
  }, 60_000);

  it("names a missing git (PATH without git)", async () => {
    const repo = await setUpRepository();
    const bare = await temp.folder("opencode-review-path-");
    const result = await doctor(repo.dir, await environment({ PATH: bare }));
    expect(result.code).toBe(1);
    expect(lineOf(result.stdout, "git")).toBe(
      "PROBLEM git: no git on PATH -> install git (apt install git, brew install git) or put it on PATH: every diff and round is git's work",
    );
    expect(lineOf(result.stdout, "forge")).toMatch(/^skip +forge: needs git/);
  }, 60_000);

  it("names a folder outside any repository, and skips what needs one", async () => {
    const folder = await temp.folder("opencode-review-norepo-");
    const result = await doctor(folder, await environment(), folder);
    expect(result.code).toBe(1);
    expect(lineOf(result.stdout, "repository")).toBe(
      `PROBLEM repository: ${folder} is not inside a git repository -> run doctor (and opencode) from inside your project's git work tree, or pass --repo DIR`,
    );
    expect(lineOf(result.stdout, "store")).toMatch(/^skip +store: no repository to look in$/);
  }, 60_000);

  it("takes the server half alone as a set-up (a note, exit 0), and names what to add where, never a command that cannot work from a clone", async () => {
    const repo = await setUpRepository();
    await repo.write("tui.json", '{ "plugin": [] }\n');
    const result = await doctor(repo.dir, await environment());
    expect(result.code).toBe(0);
    expect(lineOf(result.stdout, "opencode.json")).toMatch(/^ok +opencode\.json: lists opencode-review/);
    // The tests run from this clone: the plugin entry is the package's folder, and no `opencode plugin` is offered.
    const folder = join(import.meta.dirname, "..", "..");
    expect(lineOf(result.stdout, "tui.json")).toMatch(
      /^note +tui\.json: does not list opencode-review, while opencode\.json does: the agent tools and the web panel \(the server half\) works alone, without the review in opencode's terminal \(the terminal half\) -> /,
    );
    expect(lineOf(result.stdout, "tui.json")).toContain(
      `to have the review in opencode's terminal (the terminal half) too, add "${folder}" to "plugin" in ${join(repo.dir, "tui.json")}`,
    );
    expect(result.stdout).not.toContain("opencode plugin opencode-review");
  }, 60_000);

  it("names a panel running from an older version, and which process to restart", async () => {
    const repo = await setUpRepository();
    // A panel of version 0.0.1 as the contract describes it: GET /api/health with its bearer token.
    const token = "a".repeat(64);
    const server = createServer((request, response) => {
      const authorized = request.headers.authorization === `Bearer ${token}`;
      response.writeHead(authorized ? 200 : 401, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          authorized
            ? { ok: true, version: "0.0.1", repo: repo.dir, branch: "main", tools: true }
            : { error: { code: "unauthorized", message: "token" } },
        ),
      );
    });
    servers.push(server);
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const store = await openStore({ path: storePath(repo) });
    await writeTransaction(store.db, (trx) =>
      upsertServer(trx, {
        heartbeat_at: new Date().toISOString(),
        url,
        pid: process.pid,
        worktree: repo.dir,
        branch: "main",
      }),
    );
    await store.close();
    writePanelToken(storePath(repo), url, token);

    const result = await doctor(repo.dir, await environment());
    expect(result.code).toBe(1);
    expect(lineOf(result.stdout, "panels")).toMatch(
      new RegExp(
        `^PROBLEM panels: ${url} \\(pid ${process.pid}\\) runs 0\\.0\\.1, not this \\d+\\.\\d+\\.\\d+ -> restart the opencode \\(or opencode-review serve\\) of pid ${process.pid} to run `,
      ),
    );
    expect(result.stdout).not.toContain(token);
  }, 60_000);

  it("names an MCP config that points at a missing build, for Claude Code and for Codex", async () => {
    const repo = await setUpRepository();
    const gone = join(repo.dir, "old-checkout", "dist", "cli.js");
    await repo.write(
      ".mcp.json",
      JSON.stringify({
        mcpServers: { "opencode-review": { type: "stdio", command: process.execPath, args: [gone, "mcp"] } },
      }),
    );
    await repo.write(
      ".codex/config.toml",
      `[mcp_servers.opencode-review]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(cliPath)}, "mcp"]\n`,
    );
    const result = await doctor(repo.dir, await environment());
    expect(result.code).toBe(1);
    expect(lineOf(result.stdout, ".mcp.json")).toBe(
      `PROBLEM .mcp.json: the opencode-review server runs ${gone}, which does not exist (a build that was moved or removed) -> run opencode-review setup claude again from the install you use (or rebuild that checkout: pnpm build)`,
    );
    // This build exists: Codex's config is fine.
    expect(lineOf(result.stdout, ".codex/config.toml")).toBe(
      `ok      .codex/config.toml: the opencode-review server runs ${process.execPath} ${cliPath} mcp`,
    );
  }, 60_000);

  it("names the forge of the branch's remote and whether a token is there, never the token or the URL's password", async () => {
    const repo = await setUpRepository();
    await repo.git("remote", "add", "origin", "https://someone:hunter2secret@github.com/acme/app.git");
    const secret = "ghp_doctorNeverPrintsThis0123456789";
    const withToken = await doctor(repo.dir, await environment({ GH_TOKEN: secret }));
    expect(lineOf(withToken.stdout, "forge")).toBe(
      "ok      forge: remote origin is on github.com (GitHub); a token is in GH_TOKEN",
    );
    const everything = withToken.stdout + withToken.stderr;
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("hunter2secret");

    const without = await doctor(repo.dir, await environment({ PATH: onlyGitPath() }));
    expect(lineOf(without.stdout, "forge")).toMatch(
      /^note +forge: remote origin is on github\.com \(GitHub\); no token -> for opencode-review pr: set GH_TOKEN/,
    );
    // A note is not a problem.
    expect(without.stdout).not.toMatch(/^PROBLEM forge/m);
  }, 60_000);
});

/** The migrations a store file records, read without the store's own opening (which would migrate it). */
async function openStoreReadOnlyNames(path: string): Promise<string[]> {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const db = new BetterSqlite3(path, { readonly: true });
  try {
    return (db.prepare("select name from kysely_migration").all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

/** A PATH with git on it but not gh (the machine may have gh installed). */
function onlyGitPath(): string {
  const dirs = (process.env.PATH ?? "")
    .split(":")
    .filter((dir) => existsSync(join(dir, "git")) && !existsSync(join(dir, "gh")));
  return dirs.join(":");
}
