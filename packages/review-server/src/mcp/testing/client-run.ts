import { spawn } from "node:child_process";

/** What a headless client run left: its exit code, its JSONL events (stdout) and its stderr. */
export interface ClientRun {
  readonly code: number | null;
  readonly events: readonly any[];
  readonly stderr: string;
}

/**
 * Runs a headless client (`codex exec --json`, `claude -p --output-format stream-json`) to its end, killed
 * after `limitMs`; its stdout read as one JSON event a line.
 * @example const run = await runClient(binary, ["-p", "hi"], { cwd: repo, env });
 */
export function runClient(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env: Record<string, string>; readonly limitMs?: number },
): Promise<ClientRun> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), options.limitMs ?? 150_000);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      const events = out
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line));
      resolve({ code, events, stderr: err });
    }),
  );
}

/** The isolated home's folders every client reads: nothing of the machine's own settings leaks in. */
export function isolatedHomeEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: home,
    TMPDIR: home,
    XDG_CONFIG_HOME: `${home}/.config`,
    XDG_DATA_HOME: `${home}/.data`,
    XDG_CACHE_HOME: `${home}/.cache`,
    XDG_STATE_HOME: `${home}/.state`,
  };
}
