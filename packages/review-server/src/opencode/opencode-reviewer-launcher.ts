import type { PluginInput } from "@opencode-ai/plugin";
import type { ReviewerLauncher } from "../reviewer/reviewer-launcher.js";
import { REVIEWER_AGENT } from "./reviewer-agent.js";

/**
 * Runs through the plugin's own opencode client: a child session of the session under review, prompted
 * with the reviewer agent and the run's model given explicitly (a subagent otherwise takes its parent's).
 * @example startReviewServer({ ..., reviewer: { launcher: opencodeLauncher(input.client) } });
 */
export function opencodeLauncher(client: PluginInput["client"]): ReviewerLauncher {
  return {
    async defaultModel() {
      const config = await client.config.get();
      const model = (config.data as { model?: unknown } | undefined)?.model;
      return typeof model === "string" && model.includes("/") ? model : null;
    },
    async models() {
      const listed = await client.config.providers();
      return (listed.data?.providers ?? [])
        .flatMap((provider) => Object.keys(provider.models).map((id) => `${provider.id}/${id}`))
        .sort();
    },
    async createSession({ parentSessionId, title }) {
      const created = await client.session.create({ body: { parentID: parentSessionId, title } });
      if (created.data === undefined)
        throw new Error(`opencode did not create the reviewer's session: ${describe(created.error)}`);
      return created.data.id;
    },
    async prompt({ sessionId, model, text }) {
      const slash = model.indexOf("/");
      const sent = await client.session.promptAsync({
        path: { id: sessionId },
        body: {
          agent: REVIEWER_AGENT,
          model: { providerID: model.slice(0, slash), modelID: model.slice(slash + 1) },
          parts: [{ type: "text", text }],
        },
      });
      if (sent.error !== undefined || (sent.response !== undefined && !sent.response.ok)) {
        throw new Error(`opencode refused the reviewer's prompt: ${describe(sent.error)}`);
      }
    },
    async abort(sessionId) {
      await client.session.abort({ path: { id: sessionId } });
    },
  };
}

function describe(error: unknown): string {
  if (error === undefined || error === null) return "no reason given";
  if (
    typeof error === "object" &&
    "data" in error &&
    typeof (error as { data?: { message?: unknown } }).data?.message === "string"
  ) {
    return (error as { data: { message: string } }).data.message;
  }
  return JSON.stringify(error);
}
