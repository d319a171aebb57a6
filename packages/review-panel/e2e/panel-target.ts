// The one place that decides which server the browser tests talk to: the REAL review server
// (`startReviewServer`, from the server's sources), on a real git repository in a temp folder, with
// threads written through the review service the way a person and an agent write them.
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startReviewServer } from "../../review-server/src/server/index.js";
import type { ReviewService } from "../../review-server/src/service/index.js";
import { bigChange, initRepository, layFiles } from "./git-repository.mjs";
import { scenario } from "./review-scenario.js";

/** The seeded threads by what they show; ids are the server's own. */
export interface ScenarioThreads {
  /** A released comment waiting on the agent. */
  readonly open: string;
  /** Answered by the agent, not yet read by the person. */
  readonly unread: string;
  /** The agent's own note on src/lib/math.ts, waiting on the person. */
  readonly note: string;
  /** Its line moved, unchanged, since round 1. */
  readonly moved: string;
  /** Its lines were edited since round 1. */
  readonly changed: string;
  /** Its line is gone: shown in the banner above docs/guide.md. */
  readonly outdated: string;
  /** Written on src/old-name.ts, which round 2 renamed to src/new-name.ts; resolved by the agent. */
  readonly renamed: string;
  /** A whole-file comment on README.md. */
  readonly wholeFile: string;
  /** The person's pending draft on deleted lines of src/app.ts. */
  readonly draft: string;
}

export interface PanelTarget {
  /** The panel's address with its token, as a person opens it. */
  readonly url: string;
  readonly origin: string;
  /** The repository's work tree. */
  readonly dir: string;
  /** The review store's SQLite file, for a second service standing in for another process. */
  readonly dbPath: string;
  readonly token: string;
  /** The seeded threads (none with `bigDiff`). */
  readonly threads: ScenarioThreads | null;
  /** What each release sent to the agent session (with `agentSession`; without it nothing is sent). */
  readonly delivered: readonly { readonly sessionId: string | null; readonly text: string }[];
  /** The agent answers a thread through `service.agentReply`, the path of its `review_reply` tool. */
  readonly agentReply: (threadId: string, body: string, resolved?: boolean) => Promise<void>;
  /** The agent leaves a tour of its change through `service.writeTour`, the path of its `review_tour` tool. */
  readonly agentTour: (args: Parameters<ReviewService["writeTour"]>[0]) => Promise<void>;
  /** A session appears, as opencode's session.created reaches the plugin: recorded, and releases waiting for one go to it. */
  readonly sessionAppears: (id: string, title: string) => Promise<void>;
  /** Changes a file of the work tree, as the agent would: `edit` gets its text now and returns the new one. */
  readonly editFile: (path: string, edit: (text: string) => string) => void;
  /** Writes a new file into the work tree (an untracked file the agent made). */
  readonly writeFile: (path: string, text: string) => void;
  /** Stops the server, as a killed opencode or Ctrl-C on `serve` does; the repository and store stay. */
  readonly stop: () => Promise<void>;
  /** Starts it again on the same port and store, with the same token, or with a new one (as a restart without a `token` option gets). */
  readonly restart: (token?: "same" | "new") => Promise<void>;
  readonly close: () => Promise<void>;
}

export interface PanelTargetOptions {
  /** false: releases go out as prose (the `tools: false` mode). */
  readonly tools?: boolean;
  /** A repository change of this many changed lines over 300 files, instead of the review scenario. */
  readonly bigDiff?: number;
  /** A repository of these files instead of the review scenario: `base` committed, `now` laid over it (null deletes). */
  readonly files?: {
    readonly base: Record<string, string | Uint8Array>;
    readonly now: Record<string, string | Uint8Array | null>;
  };
  /**
   * An agent session is known (as opencode records one), so releases reach it and `delivered` holds their text;
   * `"refuses"`: it is known but takes nothing (closed), so every delivery fails.
   */
  readonly agentSession?: boolean | "refuses";
  /** Nobody on the other end, as `serve` without `--opencode` and the demo: a release is prose to copy, never sent. */
  readonly noAgent?: boolean;
}

export const panelDir = fileURLToPath(new URL("../../review-server/dist/panel/", import.meta.url));

/**
 * Starts the real review server on a fresh repository and returns its panel URL and controls.
 * @example const target = await startPanelTarget({ tools: false }); await page.goto(target.url)
 */
const dbPathOf = (folder: string) => join(folder, "review.sqlite");

export async function startPanelTarget(options: PanelTargetOptions = {}): Promise<PanelTarget> {
  if (!existsSync(join(panelDir, "index.html"))) {
    throw new Error(`The panel is not built (${panelDir}). Run: pnpm --filter @opencode-review/panel build`);
  }
  const tools = options.tools ?? true;
  // realpath: git reports real paths, and /tmp may be a link.
  const folder = realpathSync(mkdtempSync(join(tmpdir(), "panel-target-")));
  const dir = join(folder, "repo");
  try {
    let seed: ((service: ReviewService) => Promise<ScenarioThreads>) | null = null;
    if (options.files) {
      initRepository(dir, options.files.base);
      layFiles(dir, options.files.now);
    } else if (options.bigDiff) {
      const change = bigChange(options.bigDiff);
      initRepository(dir, change.base);
      layFiles(dir, change.now);
    } else {
      seed = scenario(dir);
    }
    // Releases in tools mode tell an agent session; without `agentSession` there is none, so nothing is sent anywhere.
    const delivered: { sessionId: string | null; text: string }[] = [];
    const deliver = async (input: { readonly sessionId: string | null; readonly text: string }) => {
      if (input.sessionId === null || options.agentSession === "refuses") return null;
      delivered.push(input);
      return { sessionId: input.sessionId };
    };
    const start = (again?: { readonly port: number; readonly token?: string }) =>
      startReviewServer({
        now: () => new Date().toISOString(),
        dir,
        dbPath: dbPathOf(folder),
        delivery: { mode: tools ? "tools" : "prose", deliver, ...(options.noAgent ? { noAgent: true } : {}) },
        tools,
        panelDir,
        feedIntervalMs: 200,
        reportError: (error) => console.error("panel target:", error),
        ...again,
      });
    const first = await start();
    let server: typeof first | null = first;
    const threads = seed ? await seed(first.service) : null;
    if (options.agentSession)
      await first.service.recordSession({ id: "ses_agent", title: "The agent's session", directory: dir });
    const stop = async () => {
      await server?.close();
      server = null;
    };
    return {
      url: first.panelUrl,
      origin: first.url,
      dir,
      token: first.token,
      threads,
      delivered,
      sessionAppears: async (id, title) => {
        const live = server ?? first;
        await live.service.recordSession({ id, title, directory: dir });
        await live.service.deliverWaiting(id);
      },
      agentReply: async (id, text, resolved) =>
        void (await (server ?? first).service.agentReply({ id, text, ...(resolved ? { resolved } : {}) })),
      agentTour: async (args) => void (await (server ?? first).service.writeTour(args)),
      dbPath: dbPathOf(folder),
      editFile: (path, edit) => writeFileSync(join(dir, path), edit(readFileSync(join(dir, path), "utf8"))),
      writeFile: (path, text) => writeFileSync(join(dir, path), text),
      stop,
      restart: async (token = "same") => {
        await stop();
        server = await start({
          port: Number(new URL(first.url).port),
          ...(token === "same" ? { token: first.token } : {}),
        });
      },
      close: async () => {
        await stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
