import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import { diskFullError, isDiskFull, ReviewError } from "@opencode-review/core";

export interface RunGitOptions {
  /** Added to the environment git runs with (after the repository-locating variables are removed). */
  readonly env?: Readonly<Record<string, string>>;
  /** Written to git's standard input, which is then closed. */
  readonly input?: string | Uint8Array;
}

/** What one git process did: its exit code and both outputs. */
export interface GitResult {
  readonly exitCode: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

// Inherited from a git hook or a wrapper, these would point git at another repository or index than
// the one named by `cwd`; every call here says which repository it means through `cwd` alone.
const LOCATING_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_NAMESPACE",
  "GIT_PREFIX",
];

function gitEnvironment(extra: Readonly<Record<string, string>> | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of LOCATING_VARIABLES) delete env[name];
  // C locale: messages we match on stay English. No optional locks: reads never rewrite the index.
  env.LC_ALL = "C";
  env.GIT_OPTIONAL_LOCKS = "0";
  env.GIT_TERMINAL_PROMPT = "0";
  return { ...env, ...extra };
}

async function spawnFailure(cwd: string, error: NodeJS.ErrnoException): Promise<ReviewError> {
  if (error.code === "ENOENT") {
    // Node reports a missing cwd as the command not being found; tell the two apart.
    const cwdExists = await stat(cwd).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!cwdExists) return new ReviewError("not_found", `${cwd} does not exist or is not a folder.`);
    return new ReviewError("internal", "git was not found on PATH. Install git (https://git-scm.com) and start again.");
  }
  return new ReviewError("internal", `git could not be started: ${error.message}`);
}

// The slice of Bun's API used here, so the package needs no Bun type definitions.
interface BunSpawned {
  readonly stdout: ReadableStream<Uint8Array>;
  readonly stderr: ReadableStream<Uint8Array>;
  readonly exited: Promise<number>;
  readonly signalCode: string | null;
}
interface BunRuntime {
  spawn(
    command: string[],
    options: {
      cwd: string;
      env: NodeJS.ProcessEnv;
      stdin: "ignore" | Uint8Array;
      stdout: "pipe";
      stderr: "pipe";
      windowsHide: boolean;
    },
  ): BunSpawned;
}

/**
 * Runs git once and reports its exit code and outputs; a non-zero exit is a value here, not an error.
 * Under Bun (inside opencode) through Bun.spawn: its node:child_process layer costs a start-up about as
 * much again as git itself (streams built for each process, an event per chunk of output).
 * @example const { exitCode } = await execGit(dir, ["rev-parse", "-q", "--verify", "HEAD"]);
 */
export function execGit(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<GitResult> {
  const bun = (globalThis as { Bun?: BunRuntime }).Bun;
  return bun === undefined ? execGitWithNode(cwd, args, options) : execGitWithBun(bun, cwd, args, options);
}

async function execGitWithBun(
  bun: BunRuntime,
  cwd: string,
  args: readonly string[],
  options: RunGitOptions,
): Promise<GitResult> {
  let child: BunSpawned;
  try {
    const input = options.input;
    child = bun.spawn(["git", "--no-pager", ...args], {
      cwd,
      env: gitEnvironment(options.env),
      stdin: input === undefined ? "ignore" : typeof input === "string" ? new TextEncoder().encode(input) : input,
      stdout: "pipe",
      stderr: "pipe",
      windowsHide: true,
    });
  } catch (error) {
    throw await spawnFailure(cwd, error as NodeJS.ErrnoException);
  }
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).arrayBuffer(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode: child.signalCode !== null ? 128 : code, stdout: Buffer.from(stdout), stderr };
}

function execGitWithNode(cwd: string, args: readonly string[], options: RunGitOptions): Promise<GitResult> {
  return new Promise<GitResult>((resolve, reject) => {
    const child = spawn("git", ["--no-pager", ...args], {
      cwd,
      env: gitEnvironment(options.env),
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    // A failed start emits "error" and (under Node, not always under Bun) "close"; the error is the answer.
    let startError: NodeJS.ErrnoException | undefined;
    child.on("error", (error: NodeJS.ErrnoException) => {
      startError = error;
      spawnFailure(cwd, error).then(reject, reject);
    });
    child.on("close", (code, signal) => {
      if (startError) return;
      resolve({
        exitCode: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString("utf8"),
      });
    });
    if (options.input !== undefined && child.stdin) {
      // git may exit before reading all of its input (a bad argument); its exit code tells the story.
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input);
    }
  });
}

function failure(args: readonly string[], result: GitResult): ReviewError {
  const firstLine = result.stderr.trim().split("\n")[0] ?? "";
  // A full disk is the person's to fix, not a fault of ours: it gets its own code (507) and says so.
  if (isDiskFull(result.stderr)) return diskFullError(`git ${args[0] ?? ""}`, new Error(result.stderr));
  return new ReviewError("internal", `git ${args[0] ?? ""} failed (exit ${result.exitCode}): ${firstLine}`, {
    args: [...args],
    exitCode: result.exitCode,
    stderr: result.stderr,
  });
}

/**
 * Runs git and returns its standard output as bytes; a non-zero exit throws a ReviewError carrying stderr.
 * @example const blob = await runGitBuffer(dir, ["cat-file", "blob", sha]);
 */
export async function runGitBuffer(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<Buffer> {
  const result = await execGit(cwd, args, options);
  if (result.exitCode !== 0) throw failure(args, result);
  return result.stdout;
}

/**
 * Runs git and returns its standard output as UTF-8 text; a non-zero exit throws a ReviewError carrying stderr.
 * @example const sha = (await runGit(dir, ["rev-parse", "HEAD"])).trim();
 */
export async function runGit(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<string> {
  return (await runGitBuffer(cwd, args, options)).toString("utf8");
}
