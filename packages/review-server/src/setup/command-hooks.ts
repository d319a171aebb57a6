import { ReviewError } from "@opencode-review/core";

/** A hook command in Claude Code's (and Codex's) hooks JSON: `hooks.<Event>[].hooks[]`. */
interface CommandHook {
  type?: unknown;
  command?: unknown;
  [key: string]: unknown;
}

/**
 * Makes `settings.hooks[event]` run `command` once: an entry of ours (its command runs
 * `opencode-review ... hook <which>`) is updated in place, else a new group is added; other hooks stay
 * as they are. Returns what changed, or null when it was already there.
 * @example ensureCommandHook(settings, "Stop", "stop", "npx -y opencode-review hook stop") // "added the Stop hook"
 */
export function ensureCommandHook(
  settings: Record<string, unknown>,
  event: string,
  which: string,
  command: string,
  file: string,
): string | null {
  const hooks = objectAt(settings, "hooks", file);
  const groups = hooks[event] ?? (hooks[event] = []);
  if (!Array.isArray(groups))
    throw new ReviewError(
      "invalid_input",
      `hooks.${event} in ${file} is not a list; fix it and run set-up again. Nothing was written.`,
    );
  // Ours: `opencode-review hook <which>` by npx, or a build's path (`.../review-server/dist/cli.js hook <which>`).
  const ours = new RegExp(`(?:opencode-review|review-server)\\S*\\s+hook\\s+${which}(?:\\s|$)`);
  for (const group of groups as { hooks?: unknown }[]) {
    if (typeof group !== "object" || group === null || !Array.isArray(group.hooks)) continue;
    for (const hook of group.hooks as CommandHook[]) {
      if (typeof hook !== "object" || hook === null || typeof hook.command !== "string" || !ours.test(hook.command))
        continue;
      if (hook.command === command && hook.type === "command") return null;
      hook.type = "command";
      hook.command = command;
      return `updated the ${event} hook`;
    }
  }
  groups.push({ hooks: [{ type: "command", command, timeout: 10 }] });
  return `added the ${event} hook`;
}

/** `parent[key]` as an object, made when absent; refused (naming the file) when it is something else. */
export function objectAt(parent: Record<string, unknown>, key: string, file: string): Record<string, unknown> {
  const value = parent[key];
  if (value === undefined) return (parent[key] = {}) as Record<string, unknown>;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ReviewError(
      "invalid_input",
      `${key} in ${file} is not a JSON object; fix it and run set-up again. Nothing was written.`,
    );
  }
  return value as Record<string, unknown>;
}
