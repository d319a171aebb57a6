import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { runCommand } from "../../testing/run-command.js";

const serverPackage = fileURLToPath(new URL("../../..", import.meta.url));
const workspace = fileURLToPath(new URL("../../../../..", import.meta.url));

/** The built CLI that tests spawn, as users run it. */
export const cliPath = join(serverPackage, "dist/cli.js");

let built: Promise<void> | undefined;

/** A build lock left by a run that was killed mid-build is taken over after this long. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Bundles the CLI and copies the demo files beside it (the build's own steps after tsc), once per test run
 * (the first file to ask builds while the others wait for it), and builds the panel only when it is missing,
 * so the spawned CLI is the code under test.
 * @example await buildCli(); const cli = spawnCli(["url"], { cwd })
 */
export function buildCli(): Promise<void> {
  built ??= oncePerRun(async () => {
    await runCommand("node", ["scripts/bundle.mjs"], serverPackage);
    await runCommand("node", ["scripts/copy-demo.mjs"], serverPackage);
    if (!existsSync(join(serverPackage, "dist/panel/index.html"))) {
      await runCommand("pnpm", ["--filter", "@opencode-review/panel", "build"], workspace);
    }
  });
  return built;
}

/** Runs `build` unless this run already did: a marker names the run, a folder made atomically is the lock. */
async function oncePerRun(build: () => Promise<void>): Promise<void> {
  const dist = join(serverPackage, "dist");
  // Outside the server project (no globalSetup), each process builds for itself.
  const run: string | undefined = inject("testRun");
  if (typeof run !== "string") return build();
  const marker = join(dist, `.cli-built-${run}`);
  const lock = join(dist, ".cli-building");
  mkdirSync(dist, { recursive: true });
  for (;;) {
    if (existsSync(marker)) return;
    try {
      mkdirSync(lock);
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false });
      if (since !== undefined && Date.now() - since.mtimeMs > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (existsSync(marker)) return;
      await build();
      for (const old of readdirSync(dist).filter((name) => name.startsWith(".cli-built-"))) rmSync(join(dist, old));
      writeFileSync(marker, "");
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A spawned `opencode-review` process: what it printed so far, and ways to wait on it. */
export interface CliProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout, once it appears; rejects if the process ends first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** The exit code (null when killed by a signal it did not handle). */
  readonly exited: Promise<number | null>;
}

/**
 * Spawns `node dist/cli.js ...args`.
 * @example const serve = spawnCli(["serve", "--repo", dir]); const [, url] = await serve.waitFor(/Open the panel: (\S+)/)
 */
export function spawnCli(
  args: readonly string[],
  options: { readonly cwd?: string; readonly env?: NodeJS.ProcessEnv } = {},
): CliProcess {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: options.cwd ?? workspace,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  child.stdout!.on("data", (data: Buffer) => {
    out += data.toString();
    for (const check of waiters) check();
  });
  child.stderr!.on("data", (data: Buffer) => (err += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const match = out.match(pattern);
          if (match) {
            waiters.delete(check);
            resolve(match);
          }
        };
        waiters.add(check);
        check();
        void exited.then(() => {
          if (!waiters.has(check)) return;
          waiters.delete(check);
          reject(new Error(`the CLI ended before printing ${pattern}\nstdout:\n${out}\nstderr:\n${err}`));
        });
      });
    },
  };
}

/**
 * Runs the CLI to its end and returns what it printed and its exit code.
 * @example const { code, stdout } = await runCli(["url", "--repo", dir])
 */
export async function runCliToEnd(
  args: readonly string[],
  options: { readonly cwd?: string; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }> {
  const cli = spawnCli(args, options);
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}
