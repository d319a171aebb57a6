import { spawn } from "node:child_process";
import { opencodeBinary } from "./opencode-binary.js";
import type { OpencodeProject } from "./opencode-project.js";

/** How `opencode run` ended. */
export interface OpencodeRunResult {
  /** null when the run was killed at the timeout. */
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  /** opencode's log (`--print-logs`), one `key=value` line per entry. */
  readonly stderr: string;
  /** Each `failed to load plugin` log line, e.g. `Plugin export is not a function`. */
  readonly pluginErrors: readonly string[];
  /** Every `level=ERROR` log line. */
  readonly errors: readonly string[];
  readonly startedAt: number;
  readonly durationMs: number;
}

/** Options of one `opencode run`. */
export interface RunOpencodeOptions {
  /** Kills the run after this long (default 240 s: cold starts on a loaded 2-core machine are slow). */
  readonly timeoutMs?: number;
  /** Extra arguments before the message, e.g. `["--title", "x"]`. */
  readonly args?: readonly string[];
}

/**
 * Lines of opencode's log worth failing a test on.
 *
 * @example
 * const { errors, pluginErrors } = logProblems(stderr);
 */
export function logProblems(log: string): {
  readonly errors: readonly string[];
  readonly pluginErrors: readonly string[];
} {
  const lines = log.split("\n");
  return {
    errors: lines.filter((line) => line.includes("level=ERROR")),
    pluginErrors: lines.filter((line) => line.includes("failed to load plugin")),
  };
}

/**
 * Runs `opencode run <message>` in the project with its isolated environment and collects the outcome.
 *
 * @example
 * const result = await runOpencode(project, "probe the word apple");
 */
export function runOpencode(
  project: OpencodeProject,
  message: string,
  options: RunOpencodeOptions = {},
): Promise<OpencodeRunResult> {
  const timeoutMs = options.timeoutMs ?? 240_000;
  const startedAt = Date.now();
  return new Promise((resolve, reject) => {
    // stdin must be closed: `opencode run` reads a piped stdin into the message and waits for its end.
    const child = spawn(opencodeBinary(), ["run", "--print-logs", ...(options.args ?? []), message], {
      cwd: project.dir,
      env: { ...process.env, ...project.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (exitCode) => {
      clearTimeout(timer);
      resolve({
        exitCode,
        timedOut,
        stdout,
        stderr,
        ...logProblems(stderr),
        startedAt,
        durationMs: Date.now() - startedAt,
      });
    });
  });
}
