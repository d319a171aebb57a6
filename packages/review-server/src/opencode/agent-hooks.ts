import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { ReviewError } from "@opencode-review/core";
import { z } from "zod";
import { startReviewServer, type RunningReviewServer } from "../server/index.js";
import type { AgentOperations, ReviewService } from "../service/index.js";
import { createPluginNotice } from "./plugin-notice.js";
import { parsePluginOptions } from "./plugin-options.js";
import { createReviewTools } from "../tools/review-tools.js";
import type { ServiceSource } from "../tools/service-source.js";
import { createSessionDoorbell } from "./session-doorbell.js";
import { sessionEventsHook } from "./session-events-hook.js";
import { systemPromptHook } from "./system-prompt-hook.js";
import { createReviewerTools } from "../tools/reviewer-tools.js";
import { reviewerAgentConfig } from "./reviewer-agent.js";
import { opencodeLauncher } from "./opencode-reviewer-launcher.js";
import { reviewerEventsHook } from "./reviewer-events-hook.js";
import { CallsUnderWay } from "./calls-under-way.js";
import { AGENT_TOOL_NAMES } from "../tools/agent-tools.js";
import { systemClock } from "../service/clock.js";

/**
 * Everything the plugin gives opencode for one process and directory, returned at once: the review server
 * starts in the background (tools and hooks await it), its panel URL goes to the log and a toast, and a
 * folder that is not a git repository or bad options are said once, never thrown at opencode.
 * `env` is where forge tokens are read from: the plugin's entry hands in its process's environment.
 * @example const hooks = createAgentHooks(input, { tools: true }, process.env);
 */
export function createAgentHooks(
  input: PluginInput,
  options: unknown,
  env: Readonly<Record<string, string | undefined>> = {},
): Hooks {
  // zod compiles a fast parser for each schema the first time it parses with it, and that compile costs
  // more than the parsing it speeds up at our volumes: 100+ ms of a cold start for the options alone.
  z.config({ jitless: true });
  const notice = createPluginNotice(input.client);
  const parsed = parsePluginOptions(options, input.directory);
  if (!parsed.ok) {
    notice.log("error", parsed.message);
    notice.toast("error", parsed.message);
    return {};
  }
  const { tools, forge, reviewer: _reviewer, ...listen } = parsed.settings;
  // tools: false is the panel alone (docs/install.md, Options): no agent tools at all, so no reviewer agent either.
  const reviewer = tools ? parsed.settings.reviewer : false;
  const reportError = (error: unknown) =>
    notice.log("error", `opencode-review: ${error instanceof Error ? error.message : String(error)}`);

  // The tools need only the service: it is handed over as soon as the store is open, and the panel's
  // HTTP server comes up after it (a failure before the service exists rejects both).
  let serviceReady!: (service: ReviewService) => void;
  const serviceStarted = new Promise<ReviewService>((resolve) => (serviceReady = resolve));
  // The panel comes up after the tool calls made while the plugin starts: they need only the service.
  const calls = new CallsUnderWay();
  const started: Promise<RunningReviewServer> = startReviewServer({
    dir: input.directory,
    ...listen,
    tools,
    ...(forge === undefined ? {} : { forge }),
    forgeSource: { env },
    delivery: createSessionDoorbell(input.client, tools ? "tools" : "prose"),
    now: systemClock,
    reportError,
    reviewer:
      reviewer === false
        ? {
            launcher: null,
            because: `AI review runs are off: the plugin options say ${tools ? "reviewer" : "tools"}: false.`,
          }
        : {
            launcher: opencodeLauncher(input.client),
            ...(reviewer.model === undefined ? {} : { model: reviewer.model }),
          },
    onService: (service) => serviceReady(service),
    beforePanel: () => calls.settled(),
  }).catch((error: unknown) => {
    throw startFailure(error, input.directory);
  });
  started.then(
    (server) => {
      // input.serverUrl is a placeholder under `opencode run`: only the panel's own URL is shown.
      notice.log("info", `opencode-review: review panel at ${server.panelUrl}`, {
        url: server.url,
        panelUrl: server.panelUrl,
      });
      notice.toast("info", `Review panel: ${server.panelUrl}`);
      // What waits on the agent is read now, while the person types and the model thinks, so its first
      // review_list does not pay for a process that has read nothing yet (the call continues this listing).
      if (tools) {
        const began = performance.now();
        server.service.prepareAgentList().then((threads) => {
          if (threads > 0)
            notice.log(
              "debug",
              `opencode-review: ${threads} threads waiting on the agent read ahead of its first review_list in ${Math.round(performance.now() - began)} ms`,
            );
        }, reportError);
      }
    },
    (error: Error) => {
      notice.log(error instanceof ReviewError && error.code === "not_git" ? "warn" : "error", error.message);
      notice.toast("warning", error.message);
    },
  );
  // Whichever comes first: the service, or the reason the server did not start. A start that fails
  // after the service was handed over (the port is taken) closed its store, so it is said from then on.
  const service = Promise.race([serviceStarted, started.then((server) => server.service)]);
  // Handled here so an unused failed start is not an unhandled rejection; each tool call still sees it.
  service.catch(() => {});
  let failure: Error | undefined;
  started.catch((error: Error) => (failure = error));
  const source: ServiceSource = async () => {
    const ready = await service;
    if (failure !== undefined) throw failure;
    return ready;
  };

  const sessionEvents = sessionEventsHook(source, notice);
  const reviewerEvents = reviewerEventsHook(() => started.then((server) => server.runs), notice);
  return {
    ...(tools
      ? {
          tool: calls.counted({
            ...createReviewTools(source),
            ...(reviewer === false ? {} : createReviewerTools(source)),
          }),
          "tool.execute.before": otherToolHook(source, serviceStarted),
        }
      : {}),
    ...(reviewer === false
      ? {}
      : { config: reviewerAgentConfig(reviewer.prompt === undefined ? {} : { prompt: reviewer.prompt }) }),
    "experimental.chat.system.transform": systemPromptHook(source, { tools }),
    event: async (input) => {
      await reviewerEvents(input);
      await sessionEvents(input);
    },
    dispose: async () => {
      await started.then((server) => server.close()).catch(() => {});
    },
  };
}

/**
 * Tells the service when the agent calls a tool other than the review tools (it counts its own), so
 * the same reply or note after that is taken as a new message, not a retry. Never waits for the server.
 */
function otherToolHook(
  source: ServiceSource<AgentOperations>,
  started: Promise<unknown>,
): NonNullable<Hooks["tool.execute.before"]> {
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

const REVIEW_TOOLS: ReadonlySet<string> = new Set(AGENT_TOOL_NAMES);

/** The reason the server did not start, worded for the model that calls a tool and the person who reads the log. */
function startFailure(error: unknown, directory: string): Error {
  if (error instanceof ReviewError && error.code === "not_git") {
    return new ReviewError(
      "not_git",
      `opencode-review: ${directory} is not a git repository, so there is no code review here (no panel, no review threads). Run git init there to use it.`,
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ReviewError(
    "internal",
    `opencode-review: the review server did not start: ${reason} Tell the person; the review tools cannot work until it does.`,
  );
}
