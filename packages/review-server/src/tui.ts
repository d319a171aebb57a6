import type { TuiPluginApi, TuiPluginModule } from "@opencode-ai/plugin/tui";
import { createReviewTui, OPEN_COMMAND } from "@opencode-review/panel/tui";
import { openCommandKeys } from "./tui/open-command-keys.js";
import { openTuiBackend } from "./tui/open-tui-backend.js";
import { serverHalfProblem } from "./tui/server-half-options.js";

/** Sends text into a session as the person's message, through this opencode process's own client. */
function sendWith(api: TuiPluginApi) {
  return async (sessionID: string, text: string): Promise<boolean> => {
    const sent = await api.client.session.promptAsync({ sessionID, parts: [{ type: "text", text }] });
    return sent.error === undefined && (sent.response === undefined || sent.response.ok);
  };
}

const tui = createReviewTui(
  ({ api, dir, options }) => openTuiBackend({ dir, options, send: sendWith(api), env: process.env }),
  async ({ api, options }) => {
    const path = api.state.path;
    const found = await openCommandKeys({
      command: OPEN_COMMAND,
      directory: path.directory || process.cwd(),
      worktree: path.worktree || path.directory || process.cwd(),
      options,
    });
    return found.configured ? found.keys : null;
  },
  ({ api, spec }) => serverHalfProblem(api.state.config.plugin, spec, api.state.path.directory || process.cwd()),
);

// opencode calls every runtime export of this module as a plugin, so the module exports only this.
const plugin: TuiPluginModule & { readonly id: "opencode-review" } = { id: "opencode-review", tui };

export default plugin;
