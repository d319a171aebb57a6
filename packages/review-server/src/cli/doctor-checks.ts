import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, isAbsolute, join } from "node:path";
import stripJsonComments from "strip-json-comments";
import { defaultDbPath, gitVersion, openRepository, upstreamRemote, type Repository } from "../git/index.js";
import { parseLoopbackHost } from "../http/loopback.js";
import { packageVersion } from "../server/index.js";
import { readTomlTable } from "../setup/toml-table.js";
import { inspectStore, readPanelToken, type StoreInspection } from "../store/index.js";
import { isLivePanel, processAlive } from "./live-panels.js";
import { pluginEntry } from "./plugin-entry.js";

/** One check's outcome: `problem` makes doctor exit 1; `note` is worth knowing and needs nothing done; `skip`: could not be checked for an earlier problem. */
export interface Check {
  readonly state: "ok" | "problem" | "note" | "skip";
  /** What was checked, in a word or two. */
  readonly name: string;
  /** What was found. */
  readonly text: string;
  /** For a problem (or a note), what to do about it. */
  readonly todo?: string;
}

/** Where doctor looks: the folder it was asked about, the environment (PATH, HOME, tokens), and a clock. */
export interface DoctorInput {
  readonly dir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: number;
}

const PLUGIN = "opencode-review";
const SERVER_HALF = "the agent tools and the web panel (the server half)";
const TERMINAL_HALF = "the review in opencode's terminal (the terminal half)";
const ok = (name: string, text: string): Check => ({ state: "ok", name, text });
const problem = (name: string, text: string, todo: string): Check => ({ state: "problem", name, text, todo });
const note = (name: string, text: string, todo?: string): Check => ({
  state: "note",
  name,
  text,
  ...(todo === undefined ? {} : { todo }),
});
const skip = (name: string, text: string): Check => ({ state: "skip", name, text });

/**
 * Every check `opencode-review doctor` makes, in the order it prints them. Reads only: the store is opened
 * read-only (never created or migrated), configs are read, panels are asked their version over loopback.
 * @example const checks = await doctorChecks({ dir: process.cwd(), env: process.env, now: Date.now() });
 */
export async function doctorChecks(input: DoctorInput): Promise<readonly Check[]> {
  const checks: Check[] = [];
  const git = await gitVersion(input.dir);
  checks.push(
    git === null
      ? problem(
          "git",
          "no git on PATH",
          "install git (apt install git, brew install git) or put it on PATH: every diff and round is git's work",
        )
      : ok("git", `git ${git}`),
  );
  let repo: Repository | null = null;
  try {
    repo = await openRepository(input.dir);
    checks.push(
      ok(
        "repository",
        `work tree ${repo.workTree}, ${repo.branch === null ? "detached HEAD" : `branch ${repo.branch}`}`,
      ),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    checks.push(
      problem(
        "repository",
        reason.replace(/\. .*$/, ""),
        "run doctor (and opencode) from inside your project's git work tree, or pass --repo DIR",
      ),
    );
  }
  checks.push(...(await storeChecks(repo)));
  checks.push(...(await runtimeChecks(input)));
  checks.push(...pluginChecks(repo, input));
  checks.push(...mcpChecks(repo, input));
  checks.push(await panelCheck(repo, input));
  checks.push(git === null ? skip("forge", "needs git to read the remote") : await forgeCheck(repo, input));
  return checks;
}

async function storeChecks(repo: Repository | null): Promise<Check[]> {
  const names = ["store", "schema", "store writes", "file modes"];
  if (repo === null) return names.map((name) => skip(name, "no repository to look in"));
  const path = defaultDbPath(repo);
  const store = await inspectStore(path);
  const checks: Check[] = [storeOpens(path, store), schemaCheck(store)];
  checks.push(writesCheck(path, store), modesCheck(path, store));
  return checks;
}

function storeOpens(path: string, store: StoreInspection): Check {
  switch (store.kind) {
    case "missing":
      return ok("store", `none yet at ${path} (made on the first start of the plugin, serve or mcp)`);
    case "unusable":
      return problem(
        "store",
        `${path} cannot be opened: ${store.reason}`,
        `move it aside (mv ${path} ${path}.broken); a new, empty store is made on the next start`,
      );
    case "foreign":
      return problem(
        "store",
        `${path} is another program's SQLite database (tables ${store.tables.slice(0, 3).join(", ")})`,
        "move it aside, or set the plugin's dbPath option to another file",
      );
    case "store":
      return ok("store", `${path} opens`);
  }
}

function schemaCheck(store: StoreInspection): Check {
  if (store.kind !== "store")
    return skip("schema", store.kind === "missing" ? "no store yet" : "the store does not open");
  if (store.unknown.length > 0) {
    return problem(
      "schema",
      `written by a newer opencode-review (migration ${store.unknown.join(", ")} is unknown to ${packageVersion()})`,
      "update opencode-review (and the plugin in opencode) to the newest version",
    );
  }
  const latest = store.applied.at(-1) ?? "none";
  if (store.pending.length > 0)
    return ok("schema", `${latest}; ${store.pending.length} migration(s) of this version run at the next start`);
  return ok("schema", `${latest} (up to date)`);
}

function writesCheck(path: string, store: StoreInspection): Check {
  // A store not made yet is made in the nearest folder that exists.
  const targets =
    store.kind === "missing"
      ? [nearestFolder(dirname(path))]
      : [dirname(path), ...[path, `${path}-wal`, `${path}-shm`].filter((p) => existsSync(p))];
  const unwritable = targets.filter((p) => !writable(p));
  if (unwritable.length > 0) {
    return problem(
      "store writes",
      `you cannot write ${unwritable.join(", ")}`,
      "make them yours and writable (chown, chmod u+w), or set the plugin's dbPath option to a folder you can write",
    );
  }
  return ok("store writes", `${targets.join(", ")} writable by you`);
}

function modesCheck(path: string, store: StoreInspection): Check {
  if (store.kind === "missing") return skip("file modes", "no store yet (it is made private: folder 700, files 600)");
  const folder = dirname(path);
  const open: string[] = [];
  const fixes: string[] = [];
  const folderMode = statSync(folder).mode & 0o777;
  if ((folderMode & 0o077) !== 0) {
    open.push(`${folder} is ${folderMode.toString(8)}`);
    fixes.push(`chmod 700 ${folder}`);
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`].filter((p) => existsSync(p))) {
    const mode = statSync(file).mode & 0o777;
    if ((mode & 0o077) === 0) continue;
    open.push(`${file} is ${mode.toString(8)}`);
    fixes.push(`chmod 600 ${file}`);
  }
  if (open.length > 0)
    return problem("file modes", `other users can read the review: ${open.join(", ")}`, fixes.join("; "));
  return ok("file modes", `folder ${folderMode.toString(8)}, files private to you`);
}

async function runtimeChecks(input: DoctorInput): Promise<Check[]> {
  const checks: Check[] = [];
  const node = process.versions.node;
  const major = Number(node.split(".")[0]);
  checks.push(
    major >= 20
      ? ok("node", `Node ${node}`)
      : problem(
          "node",
          `Node ${node} is older than 20`,
          "install Node 20 or newer for the CLI (inside opencode the plugin runs on opencode's Bun)",
        ),
  );
  checks.push(await sqliteBindingCheck());
  const bun = onPath("bun", input.env);
  checks.push(
    bun === null
      ? note("bun", "not on PATH; nothing to do: opencode runs the plugin on its own Bun")
      : ok("bun", `${bun} (opencode runs the plugin on its own Bun)`),
  );
  return checks;
}

async function sqliteBindingCheck(): Promise<Check> {
  try {
    const { default: BetterSqlite3 } = await import("better-sqlite3");
    const db = new BetterSqlite3(":memory:");
    const version = (db.prepare("select sqlite_version() as v").get() as { v: string }).v;
    db.close();
    return ok("sqlite", `better-sqlite3 loads (SQLite ${version}); inside opencode bun:sqlite is used`);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    return problem(
      "sqlite",
      `better-sqlite3 does not load under Node ${process.versions.node}: ${reason}`,
      "reinstall opencode-review with install scripts on (npm rebuild better-sqlite3); the CLI needs it, opencode does not",
    );
  }
}

/** The plugin in opencode's server-half (opencode.json) and terminal-half (tui.json) configs, global and the project's. */
function pluginChecks(repo: Repository | null, input: DoctorInput): Check[] {
  const global = join(input.env.XDG_CONFIG_HOME || join(input.env.HOME || homedir(), ".config"), "opencode");
  const folders = repo === null ? [global] : [global, repo.workTree, join(repo.workTree, ".opencode")];
  const look = (base: string) => {
    const files = folders
      .flatMap((dir) => [join(dir, `${base}.jsonc`), join(dir, `${base}.json`)])
      .filter((f) => existsSync(f));
    const broken: string[] = [];
    const listing: string[] = [];
    for (const file of files) {
      const config = parseJsonc(readFileSync(file, "utf8"));
      if (config === null) broken.push(file);
      else if (listsPlugin(config)) listing.push(file);
    }
    return { files, broken, listing };
  };
  const server = look("opencode");
  const tui = look("tui");
  const line = (
    name: string,
    found: ReturnType<typeof look>,
    other: ReturnType<typeof look>,
    half: string,
    otherName: string,
    otherHalf: string,
  ): Check => {
    if (found.broken.length > 0)
      return problem(
        name,
        `${found.broken.join(", ")} is not valid JSON (comments allowed)`,
        "fix the file: opencode skips a config it cannot read",
      );
    if (found.listing.length > 0) return ok(name, `lists ${PLUGIN} (${found.listing.join(", ")})`);
    const where = join(repo?.workTree ?? global, `${name}`);
    // Either half works alone (the contract): one half listed is a set-up, the other one a note on how to add.
    // Only a command that can work here is suggested: from a clone, the package's folder, not its name.
    const plugin = pluginEntry();
    const add = `add "${plugin.entry}" to "plugin" in ${where}`;
    if (other.listing.length > 0) {
      return note(
        name,
        `does not list ${PLUGIN}, while ${otherName} does: ${otherHalf} works alone, without ${half}`,
        `to have ${half} too, ${add}`,
      );
    }
    return note(
      name,
      `does not list ${PLUGIN} (not used inside opencode)`,
      `to use it there, ${plugin.command === null ? add : `run: ${plugin.command}`}`,
    );
  };
  return [
    line("opencode.json", server, tui, SERVER_HALF, "tui.json", TERMINAL_HALF),
    line("tui.json", tui, server, TERMINAL_HALF, "opencode.json", SERVER_HALF),
  ];
}

function listsPlugin(config: Record<string, unknown>): boolean {
  const list = config.plugin;
  if (!Array.isArray(list)) return false;
  return list.some((entry) => {
    const name = Array.isArray(entry) ? entry[0] : entry;
    if (typeof name !== "string") return false;
    return (
      name === PLUGIN ||
      name.startsWith(`${PLUGIN}@`) ||
      /[/\\]opencode-review(?:[/\\@]|$)/.test(name) ||
      /review-server(?:[/\\]|$)/.test(name)
    );
  });
}

function parseJsonc(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(stripJsonComments(text, { trailingCommas: true }));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The MCP clients' configs `setup` writes: the server's program and build must exist. */
function mcpChecks(repo: Repository | null, input: DoctorInput): Check[] {
  if (repo === null)
    return [skip(".mcp.json", "no repository to look in"), skip(".codex/config.toml", "no repository to look in")];
  const claudeFile = join(repo.workTree, ".mcp.json");
  const codexFile = join(repo.workTree, ".codex", "config.toml");
  const claude = (): Check => {
    if (!existsSync(claudeFile))
      return note(
        ".mcp.json",
        "not set up for Claude Code",
        `to review with Claude Code: opencode-review setup claude`,
      );
    const config = parseJsonc(readFileSync(claudeFile, "utf8"));
    if (config === null)
      return problem(".mcp.json", `${claudeFile} is not valid JSON`, "fix it, then run opencode-review setup claude");
    const servers = config.mcpServers;
    const server =
      typeof servers === "object" && servers !== null ? (servers as Record<string, unknown>)[PLUGIN] : undefined;
    if (server === undefined)
      return note(".mcp.json", `has no ${PLUGIN} server`, "to review with Claude Code: opencode-review setup claude");
    return launcherCheck(".mcp.json", server, "claude", input);
  };
  const codex = (): Check => {
    if (!existsSync(codexFile))
      return note(".codex/config.toml", "not set up for Codex", "to review with Codex: opencode-review setup codex");
    let table: Record<string, unknown> | undefined;
    try {
      table = readTomlTable(readFileSync(codexFile, "utf8"), ["mcp_servers", PLUGIN], ".codex/config.toml");
    } catch {
      return problem(
        ".codex/config.toml",
        `${codexFile} is not valid TOML`,
        "fix it, then run opencode-review setup codex",
      );
    }
    if (table === undefined)
      return note(
        ".codex/config.toml",
        `has no [mcp_servers.${PLUGIN}]`,
        "to review with Codex: opencode-review setup codex",
      );
    return launcherCheck(".codex/config.toml", table, "codex", input);
  };
  return [claude(), codex()];
}

/** An MCP server entry's `command` and, for a build started by path, the script it names. */
function launcherCheck(name: string, server: unknown, client: "claude" | "codex", input: DoctorInput): Check {
  const entry = (typeof server === "object" && server !== null ? server : {}) as { command?: unknown; args?: unknown };
  const command = typeof entry.command === "string" ? entry.command : "";
  const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === "string") : [];
  const redo = `run opencode-review setup ${client} again from the install you use (or rebuild that checkout: pnpm build)`;
  if (command === "") return problem(name, `the ${PLUGIN} server has no command`, redo);
  const program = isAbsolute(command) ? (existsSync(command) ? command : null) : onPath(command, input.env);
  if (program === null) return problem(name, `the ${PLUGIN} server runs ${command}, which is not there`, redo);
  const script = args.find((a) => /\.[cm]?js$/.test(a));
  if (script !== undefined && isAbsolute(script) && !existsSync(script)) {
    return problem(
      name,
      `the ${PLUGIN} server runs ${script}, which does not exist (a build that was moved or removed)`,
      redo,
    );
  }
  return ok(name, `the ${PLUGIN} server runs ${[command, ...args].join(" ")}`);
}

/** The panels running for this repository, each asked its version (over loopback, with its own token). */
async function panelCheck(repo: Repository | null, input: DoctorInput): Promise<Check> {
  if (repo === null) return skip("panels", "no repository to look in");
  const path = defaultDbPath(repo);
  const store = await inspectStore(path);
  if (store.kind !== "store") return ok("panels", "none running");
  const live = store.servers.filter((row) => isLivePanel(row, input.now, processAlive));
  if (live.length === 0) return ok("panels", "none running");
  const mine = packageVersion();
  const versions = await Promise.all(
    live.map(async (row) => ({ row, version: await panelVersion(row.url, readPanelToken(path, row.url)) })),
  );
  const older = versions.filter((v) => v.version !== null && v.version !== mine);
  if (older.length > 0) {
    const list = older.map((v) => `${v.row.url} (pid ${v.row.pid}) runs ${v.version}`).join(", ");
    return problem(
      "panels",
      `${list}, not this ${mine}`,
      `restart the opencode (or opencode-review serve) of pid ${older.map((v) => v.row.pid).join(", ")} to run ${mine}`,
    );
  }
  const unknown = versions.filter((v) => v.version === null).length;
  const text = `${live.length} running (${live.map((r) => r.url).join(", ")}), version ${mine}`;
  return unknown > 0
    ? note("panels", `${text}; ${unknown} did not say its version`, "run doctor as the user who started it")
    : ok("panels", text);
}

/** A panel's version from its `GET /api/health`; null when it cannot be asked (no token, not loopback, no answer). */
async function panelVersion(url: string, token: string | null): Promise<string | null> {
  if (token === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // The token goes to loopback only.
  if (parseLoopbackHost(parsed.hostname.replace(/^\[|\]$/g, "")) === null) return null;
  try {
    const response = await fetch(new URL("/api/health", parsed), {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === "string" ? body.version : null;
  } catch {
    return null;
  }
}

/** The branch's forge remote, and whether a token for it is there (never printed). */
async function forgeCheck(repo: Repository | null, input: DoctorInput): Promise<Check> {
  if (repo === null) return skip("forge", "no repository to look in");
  const remote = await upstreamRemote(repo).catch(() => null);
  if (remote === null) return note("forge", "no remote: pull request threads are not used");
  const host = hostOf(remote.url);
  if (host === null)
    return note(
      "forge",
      `remote ${remote.remote} is not on a forge (${remote.url.startsWith("/") ? "a local path" : "an unknown address"})`,
    );
  const env = input.env;
  const github = host === "github.com" || /github/i.test(host) || env.GITHUB_API_URL !== undefined;
  const forgejo = !github && (/codeberg\.org$|forgejo|gitea/i.test(host) || env.FORGEJO_API_URL !== undefined);
  if (github) {
    const token = ["GH_TOKEN", "GITHUB_TOKEN"].find((name) => (env[name] ?? "") !== "");
    if (token !== undefined)
      return ok("forge", `remote ${remote.remote} is on ${host} (GitHub); a token is in ${token}`);
    if (onPath("gh", env) !== null)
      return ok(
        "forge",
        `remote ${remote.remote} is on ${host} (GitHub); gh is installed, its token is asked for when needed`,
      );
    return note(
      "forge",
      `remote ${remote.remote} is on ${host} (GitHub); no token`,
      "for opencode-review pr: set GH_TOKEN (or GITHUB_TOKEN), or install gh and run gh auth login",
    );
  }
  if (forgejo) {
    const token = ["FORGEJO_TOKEN", "GITEA_TOKEN"].find((name) => (env[name] ?? "") !== "");
    if (token !== undefined)
      return ok("forge", `remote ${remote.remote} is on ${host} (Forgejo/Gitea); a token is in ${token}`);
    return note(
      "forge",
      `remote ${remote.remote} is on ${host} (Forgejo/Gitea); no token`,
      "for opencode-review pr: set FORGEJO_TOKEN (or GITEA_TOKEN)",
    );
  }
  return note(
    "forge",
    `remote ${remote.remote} is on ${host}, not a forge opencode-review knows`,
    "for GitHub Enterprise set GITHUB_API_URL; for Forgejo or Gitea set FORGEJO_API_URL",
  );
}

/** The host of a remote URL (`https://host/…`, `ssh://git@host/…`, `git@host:owner/repo`), never its user or password. */
function hostOf(url: string): string | null {
  const scp = /^[^/@]+@([^:/]+):/.exec(url);
  if (scp !== null) return scp[1]!.toLowerCase();
  try {
    const parsed = new URL(url);
    return parsed.hostname === "" || parsed.protocol === "file:" ? null : parsed.hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** The first executable `name` on PATH, or null. */
function onPath(name: string, env: Readonly<Record<string, string | undefined>>): string | null {
  if (name.includes("/")) return existsSync(name) ? name : null;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function nearestFolder(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}
