import type { Hooks } from "@opencode-ai/plugin";
import { REVIEWER_TOOL_NAMES } from "../tools/reviewer-tools.js";
import { REVIEWER_AGENT_PROMPT } from "./reviewer-agent.prompt.js";

/** The hidden subagent's name (docs/reviewer.md, "The agent"). */
export const REVIEWER_AGENT = "opencode-review";

/** The tools the reviewer may use: reading ones and its own three; everything else (edit, bash, task, the implementer's review tools) is denied. */
const REVIEWER_PERMISSION: Readonly<Record<string, "allow" | "deny">> = {
  "*": "deny",
  read: "allow",
  grep: "allow",
  glob: "allow",
  list: "allow",
  ...Object.fromEntries(REVIEWER_TOOL_NAMES.map((name) => [name, "allow"])),
};

/**
 * The plugin's `config` hook: defines the hidden reviewer subagent, and denies its three tools to every
 * other agent (they are the reviewer's; the implementing agent must never see them).
 * @example hooks.config = reviewerAgentConfig({ prompt: "Mind the public API." });
 */
type ConfigHook = NonNullable<Hooks["config"]>;

export function reviewerAgentConfig(options: { readonly prompt?: string }): ConfigHook {
  return async (config) => {
    const denied = Object.fromEntries(REVIEWER_TOOL_NAMES.map((name) => [name, "deny"]));
    const current = (config as { permission?: unknown }).permission;
    // A permission given as one word ("allow") applies to every tool; it is kept as the rule for "*".
    const base =
      typeof current === "string" ? { "*": current } : ((current as Record<string, unknown> | undefined) ?? {});
    (config as { permission?: unknown }).permission = { ...base, ...denied };
    const agents = ((config as { agent?: Record<string, unknown> }).agent ??= {});
    agents[REVIEWER_AGENT] = {
      description: "Reviews the working change for the person and pins findings; started by opencode-review runs only.",
      mode: "subagent",
      hidden: true,
      prompt: options.prompt === undefined ? REVIEWER_AGENT_PROMPT : `${REVIEWER_AGENT_PROMPT}\n\n${options.prompt}`,
      permission: REVIEWER_PERMISSION,
    };
  };
}
