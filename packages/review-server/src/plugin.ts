import type { Hooks, PluginInput, PluginModule, PluginOptions } from "@opencode-ai/plugin";

/**
 * Starts opencode-review inside one opencode process for one directory and returns its hooks.
 *
 * @example
 * const hooks = await server(input, { port: 0 });
 */
async function server(_input: PluginInput, _options?: PluginOptions): Promise<Hooks> {
  // The review service, panel and agent tools are composed here by their owners; until then the
  // plugin loads, proves the package shape, and changes nothing in the session.
  return {};
}

// opencode calls every runtime export of this module as a plugin, so the module exports only this.
const plugin: PluginModule & { readonly id: "opencode-review" } = { id: "opencode-review", server };

export default plugin;
