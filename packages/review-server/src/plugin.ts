import type { Hooks, PluginInput, PluginModule, PluginOptions } from "@opencode-ai/plugin";
import { createAgentHooks } from "./opencode/agent-hooks.js";

/**
 * Starts opencode-review inside one opencode process for one directory and returns its hooks at once;
 * the review server comes up in the background.
 *
 * @example
 * const hooks = await server(input, { port: 0 });
 */
async function server(input: PluginInput, options?: PluginOptions): Promise<Hooks> {
  // The one place the plugin reads its environment: forge tokens (GH_TOKEN, FORGEJO_TOKEN) come from it.
  return createAgentHooks(input, options, process.env);
}

// opencode calls every runtime export of this module as a plugin, so the module exports only this.
const plugin: PluginModule & { readonly id: "opencode-review" } = { id: "opencode-review", server };

export default plugin;
