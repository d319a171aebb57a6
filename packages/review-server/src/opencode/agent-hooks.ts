import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { ReviewError } from "@opencode-review/core";
import { startReviewServer, type RunningReviewServer } from "../server/index.js";
import { createPluginNotice } from "./plugin-notice.js";
import { parsePluginOptions } from "./plugin-options.js";
import { createReviewTools } from "../tools/review-tools.js";
import type { ServiceSource } from "../tools/service-source.js";
import { createSessionDoorbell } from "./session-doorbell.js";
import { sessionEventsHook } from "./session-events-hook.js";
import { systemPromptHook } from "./system-prompt-hook.js";

/**
 * Everything the plugin gives opencode for one process and directory, returned at once: the review server
 * starts in the background (tools and hooks await it), its panel URL goes to the log and a toast, and a
 * folder that is not a git repository or bad options are said once, never thrown at opencode.
 * @example const hooks = createAgentHooks(input, { tools: true });
 */
export function createAgentHooks(input: PluginInput, options: unknown): Hooks {
  const notice = createPluginNotice(input.client);
  const parsed = parsePluginOptions(options, input.directory);
  if (!parsed.ok) {
    notice.log("error", parsed.message);
    notice.toast("error", parsed.message);
    return {};
  }
  const { tools, ...listen } = parsed.settings;
  const reportError = (error: unknown) =>
    notice.log("error", `opencode-review: ${error instanceof Error ? error.message : String(error)}`);

  const started: Promise<RunningReviewServer> = startReviewServer({
    dir: input.directory,
    ...listen,
    tools,
    delivery: createSessionDoorbell(input.client, tools ? "tools" : "prose"),
    reportError,
  }).catch((error: unknown) => {
    throw startFailure(error, input.directory);
  });
  started.then(
    (server) => {
      // input.serverUrl is a placeholder under `opencode run`: only the panel's own URL is shown.
      notice.log("info", `opencode-review: review panel at ${server.panelUrl}`, { url: server.url, panelUrl: server.panelUrl });
      notice.toast("info", `Review panel: ${server.panelUrl}`);
    },
    (error: Error) => {
      notice.log(error instanceof ReviewError && error.code === "not_git" ? "warn" : "error", error.message);
      notice.toast("warning", error.message);
    },
  );
  const source: ServiceSource = () => started.then((server) => server.service);

  return {
    ...(tools ? { tool: createReviewTools(source), "tool.execute.before": otherToolHook(source, started) } : {}),
    "experimental.chat.system.transform": systemPromptHook(source, { tools }),
    event: sessionEventsHook(source, notice),
    dispose: async () => {
      await started.then((server) => server.close()).catch(() => {});
    },
  };
}

/**
 * Tells the service when the agent calls a tool other than the review tools (it counts its own), so
 * the same reply or note after that is taken as a new message, not a retry. Never waits for the server.
 */
function otherToolHook(source: ServiceSource, started: Promise<unknown>): NonNullable<Hooks["tool.execute.before"]> {
  let ready = false;
  started.then(
    () => (ready = true),
    () => {},
  );
  return async (input) => {
    if (!ready || REVIEW_TOOLS.has(input.tool)) return;
    (await source()).sawAgentCall(input.sessionID);
  };
}

const REVIEW_TOOLS: ReadonlySet<string> = new Set(["review_list", "review_reply", "review_open"]);

/** The reason the server did not start, worded for the model that calls a tool and the person who reads the log. */
function startFailure(error: unknown, directory: string): Error {
  if (error instanceof ReviewError && error.code === "not_git") {
    return new ReviewError(
      "not_git",
      `opencode-review: ${directory} is not a git repository, so there is no code review here (no panel, no review threads). Run git init there to use it.`,
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ReviewError("internal", `opencode-review: the review server did not start: ${reason} Tell the person; the review tools cannot work until it does.`);
}
