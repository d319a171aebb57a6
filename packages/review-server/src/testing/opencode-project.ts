import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A plugin entry for opencode.json: a specifier, or a specifier with options. */
export type PluginEntry = string | readonly [string, Readonly<Record<string, unknown>>];

/** What a test asks for in its throwaway opencode project. */
export interface OpencodeProjectOptions {
  /** The `plugin` list of opencode.json, e.g. `["opencode-review@file:/abs/opencode-review-0.1.0.tgz"]`. */
  readonly plugins?: readonly PluginEntry[];
  /** Files to write (path relative to the repository → text) before the first commit. */
  readonly files?: Readonly<Record<string, string>>;
  /** The fake model's base URL (ending in /v1), from `startFakeModel`. */
  readonly fakeModelUrl: string;
  /** Extra top-level opencode.json fields, merged over the defaults. */
  readonly config?: Readonly<Record<string, unknown>>;
  /** Files to leave uncommitted after the first commit (path → text): the "agent's" change. */
  readonly changes?: Readonly<Record<string, string>>;
}

/** A temp git repository set up for opencode, with its isolated environment. */
export interface OpencodeProject {
  /** The repository (and opencode's working directory). */
  readonly dir: string;
  /**
   * Environment for opencode: its own XDG data and state, the run's shared cache and config,
   * no auto-update, no models.dev fetch, and PWD set to `dir`.
   */
  readonly env: Readonly<Record<string, string>>;
  /** The opencode.json written into `dir`. */
  readonly config: Readonly<Record<string, unknown>>;
  /** Removes the project's folders (the shared cache and config stay). */
  cleanup(): void;
}

let sharedHome: string | undefined;

function sharedDir(name: "cache" | "config"): string {
  const pinned = process.env.OPENCODE_REVIEW_HARNESS_HOME;
  if (!sharedHome) {
    sharedHome = pinned ?? mkdtempSync(join(tmpdir(), "opencode-review-harness-"));
    // About 100 MB of installed packages: gone with the process unless pinned for reuse.
    const made = sharedHome;
    if (!pinned) process.once("exit", () => rmSync(made, { recursive: true, force: true }));
  }
  const dir = join(sharedHome, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The XDG_CACHE_HOME every project of this process shares, so opencode installs each plugin
 * tarball once per run instead of once per test. `$OPENCODE_REVIEW_HARNESS_HOME` pins it across runs.
 *
 * @example
 * const installed = join(harnessCacheDir(), "opencode/packages", specifier, "node_modules");
 */
export function harnessCacheDir(): string {
  return sharedDir("cache");
}

/**
 * The XDG_CONFIG_HOME every project of this process shares: opencode npm-installs
 * `@opencode-ai/plugin` (about 64 MB) into a fresh config folder, which would cost every test.
 * Tests must not write global config there; per-project settings go in the project's opencode.json.
 *
 * @example
 * const config = harnessConfigDir();
 */
export function harnessConfigDir(): string {
  return sharedDir("config");
}

/**
 * Makes a committed temp git repository with an opencode.json that talks to the fake model.
 *
 * @example
 * const project = makeOpencodeProject({ fakeModelUrl: model.url, plugins: [`opencode-review@file:${tarball}`] });
 */
export function makeOpencodeProject(options: OpencodeProjectOptions): OpencodeProject {
  const root = mkdtempSync(join(tmpdir(), "opencode-review-project-"));
  const dir = join(root, "repo");
  const home = join(root, "home");
  for (const folder of [dir, home, join(home, "data"), join(home, "state")]) {
    mkdirSync(folder, { recursive: true });
  }

  const config = {
    $schema: "https://opencode.ai/config.json",
    provider: {
      fake: {
        npm: "@ai-sdk/openai-compatible",
        name: "Fake",
        options: { baseURL: options.fakeModelUrl, apiKey: "x" },
        models: { "fake-model": { name: "Fake model", tool_call: true, limit: { context: 100_000, output: 4096 } } },
      },
    },
    model: "fake/fake-model",
    small_model: "fake/fake-model",
    autoupdate: false,
    share: "disabled",
    plugin: options.plugins ?? [],
    ...options.config,
  };

  const write = (path: string, text: string) => {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  write("opencode.json", `${JSON.stringify(config, null, 2)}\n`);
  for (const [path, text] of Object.entries(options.files ?? { "README.md": "# scratch project\n" })) write(path, text);

  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
  git("init", "-q", "-b", "main");
  git("config", "user.name", "Harness");
  git("config", "user.email", "harness@example.invalid");
  git("config", "commit.gpgsign", "false");
  git("add", "-A");
  git("commit", "-q", "-m", "initial");
  for (const [path, text] of Object.entries(options.changes ?? {})) write(path, text);

  const env: Record<string, string> = {
    // opencode takes its directory from $PWD before the real cwd; an inherited PWD points it elsewhere.
    PWD: dir,
    XDG_CONFIG_HOME: harnessConfigDir(),
    XDG_DATA_HOME: join(home, "data"),
    XDG_STATE_HOME: join(home, "state"),
    XDG_CACHE_HOME: harnessCacheDir(),
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
  };
  return { dir, env, config, cleanup: () => removeLeftovers(root) };
}

/**
 * Removes a project's temp folder. opencode, killed with its tmux pane, can still be installing packages into
 * it for a moment; a folder that cannot go yet is left for the system's temp clean-up, not a test failure.
 */
function removeLeftovers(root: string): void {
  try {
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    console.warn(`left ${root}: ${(error as Error).message}`);
  }
}

/** What a project that loads the terminal half is made of: its files, and the change to review. */
interface TerminalHalfProjectOptions {
  readonly fakeModelUrl: string;
  readonly plugin: string;
  readonly tuiConfig?: Record<string, unknown>;
  readonly files: Record<string, string>;
  readonly changes?: Record<string, string>;
}

/** The project with `.opencode/tui.json` listing the plugin (git keeps that file, ignores the rest of `.opencode/`). */
function withTerminalHalf(options: TerminalHalfProjectOptions, serverPlugins: readonly string[]): OpencodeProject {
  return makeOpencodeProject({
    fakeModelUrl: options.fakeModelUrl,
    plugins: [...serverPlugins],
    files: {
      ...options.files,
      ".gitignore": ".opencode/*\n!.opencode/tui.json\nopencode.json\n",
      ".opencode/tui.json": `${JSON.stringify({ $schema: "https://opencode.ai/tui.json", plugin: [options.plugin], ...options.tuiConfig }, null, 2)}\n`,
    },
    ...(options.changes === undefined ? {} : { changes: options.changes }),
  });
}

/**
 * A project whose opencode loads only the terminal half: `.opencode/tui.json` lists `plugin` (with any other
 * tui.json settings), git keeps that file and ignores the rest of `.opencode/`.
 * @example const p = makeTerminalOnlyProject({ fakeModelUrl, plugin, files: { "src/app.ts": base }, changes: { "src/app.ts": changed } });
 */
export function makeTerminalOnlyProject(options: TerminalHalfProjectOptions): OpencodeProject {
  return withTerminalHalf(options, []);
}

/**
 * A project whose opencode loads both halves: the server half from opencode.json, the terminal half from
 * `.opencode/tui.json`.
 * @example const p = makeBothHalvesProject({ fakeModelUrl, plugin, files: { "src/app.ts": base }, changes: { "src/app.ts": changed } });
 */
export function makeBothHalvesProject(options: TerminalHalfProjectOptions): OpencodeProject {
  return withTerminalHalf(options, [options.plugin]);
}
