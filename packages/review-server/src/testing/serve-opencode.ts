import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createOpencodeClient, type Event, type OpencodeClient } from "@opencode-ai/sdk";
import { processAlive } from "../cli/live-panels.js";
import { opencodeBinary } from "./opencode-binary.js";
import type { OpencodeProject } from "./opencode-project.js";
import { logProblems } from "./run-opencode.js";

/** A running `opencode serve` for one project, with an SDK client bound to the project's directory. */
export interface OpencodeServer {
  /** e.g. `http://127.0.0.1:4096` */
  readonly url: string;
  /** The opencode process's id: its server half registers its panel under it. */
  readonly pid: number;
  readonly client: OpencodeClient;
  /** Every event from `event.subscribe` so far, in order. */
  readonly events: readonly Event[];
  /** Resolves with the first event (already seen or future) that matches; rejects after `timeoutMs`. */
  waitForEvent(match: (event: Event) => boolean, timeoutMs?: number): Promise<Event>;
  /** opencode's log so far (`--print-logs`). */
  log(): string;
  /** Each time the event stream failed or ended while the server ran (it is opened again), with why. */
  streamProblems(): readonly string[];
  /** Each `failed to load plugin` line in the log so far. */
  pluginErrors(): readonly string[];
  /** Stops the event stream and the process (SIGTERM, then SIGKILL). */
  close(): Promise<void>;
}

/** Options of `serveOpencode`. */
export interface ServeOpencodeOptions {
  /** Gives up when the server has not said where it listens after this long (default 120 s). */
  readonly startTimeoutMs?: number;
}

/**
 * Starts `opencode serve` in the project and connects the SDK client and an event recorder to it.
 *
 * @example
 * const server = await serveOpencode(project);
 * const session = await server.client.session.create({ body: {} });
 */
export async function serveOpencode(
  project: OpencodeProject,
  options: ServeOpencodeOptions = {},
): Promise<OpencodeServer> {
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  removeDeadLocks(project);
  const child = spawn(opencodeBinary(), ["serve", "--port", "0", "--hostname", "127.0.0.1", "--print-logs"], {
    cwd: project.dir,
    env: { ...process.env, ...project.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`opencode serve did not start within ${startTimeoutMs} ms:\n${stdout}\n${stderr.slice(-4000)}`));
    }, startTimeoutMs);
    child.stdout.on("data", (data: Buffer) => {
      stdout += data.toString();
      const found = /listening on (http:\/\/\S+)/.exec(stdout);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      reject(new Error(`opencode serve exited (${code}) before listening:\n${stdout}\n${stderr.slice(-4000)}`));
    });
  });

  const client = createOpencodeClient({ baseUrl: url, directory: project.dir });
  const events: Event[] = [];
  const listeners = new Set<() => void>();
  const abort = new AbortController();
  const streamProblems: string[] = [];
  // The event stream is also what makes opencode create the project's instance (and so load its plugins):
  // nothing else asks for the directory until a test does. A stream that fails or ends while the server runs
  // is opened again, as opencode's own TUI reconnects; each time is recorded, to be read when a test fails.
  // Seen after a restart on the same port (opencode takes 4096 when free): this process still holds a
  // connection to 127.0.0.1:4096 left half-open when the old server stopped (client ESTAB, server SYN-RECV,
  // nobody listening), and the first request to the new server goes down it and is reset (ECONNRESET).
  void (async () => {
    while (!abort.signal.aborted) {
      let how = "ended";
      try {
        const subscription = await client.event.subscribe({
          signal: abort.signal,
          sseMaxRetryAttempts: 0,
          onSseError: (error: unknown) => void (how = `failed: ${describeError(error)}`),
        });
        for await (const event of subscription.stream) {
          events.push(event as Event);
          for (const listener of listeners) listener();
        }
      } catch (error) {
        how = `threw: ${describeError(error)}`;
      }
      if (abort.signal.aborted || child.exitCode !== null || child.signalCode !== null) return;
      streamProblems.push(`${new Date().toISOString()} the event stream ${how}; opening it again`);
      console.error(`serveOpencode ${url}: ${streamProblems.at(-1)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  return {
    url,
    pid: child.pid!,
    client,
    events,
    waitForEvent: (match, timeoutMs = 120_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `no matching opencode event within ${timeoutMs} ms; saw: ${events.map((e) => e.type).join(", ")}`,
            ),
          );
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    log: () => stderr,
    streamProblems: () => streamProblems,
    pluginErrors: () => logProblems(stderr).pluginErrors,
    close: async () => {
      abort.abort();
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `${error.name}: ${error.message}${cause ? ` (cause: ${cause.code ?? cause.message ?? String(cause)})` : ""}`;
}

/**
 * opencode keeps locks under `$XDG_STATE_HOME/opencode/locks/*.lock` with the holder's pid in `meta.json`; a
 * process killed while it held one (a restart test kills opencode mid-run) leaves it, and the next start waits
 * for it to go stale. A lock whose process is gone is removed first, as a person restarting would find it gone.
 */
function removeDeadLocks(project: OpencodeProject): void {
  const state = project.env.XDG_STATE_HOME;
  if (state === undefined) return;
  const folder = join(state, "opencode", "locks");
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    const lock = join(folder, name);
    try {
      const { pid } = JSON.parse(readFileSync(join(lock, "meta.json"), "utf8")) as { pid?: number };
      if (typeof pid === "number" && !processAlive(pid)) rmSync(lock, { recursive: true, force: true });
    } catch {
      // A lock being written right now, or not one of these: left alone.
    }
  }
}
