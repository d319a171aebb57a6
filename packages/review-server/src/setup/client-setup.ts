import { ReviewError } from "@opencode-review/core";
import { isDeepStrictEqual } from "node:util";
import { ensureCommandHook, objectAt } from "./command-hooks.js";
import { configPlace, jsonConfigText, parseJsonConfig, writeConfigText, type ConfigPlace } from "./config-file.js";
import { hookCommandLine, type Launcher } from "./launcher.js";
import { mergeTomlTable } from "./toml-table.js";
import { AGENT_TOOL_NAMES } from "../tools/agent-tools.js";
// The two modules alone, not forge/index.js: set-up needs the names, not the forge clients.
import { ENDPOINT_VARIABLES } from "../forge/forge-endpoint.js";
import { TOKEN_VARIABLES } from "../forge/forge-token.js";

/** The MCP server's name in every client's config, and so the prefix of its tools there. */
export const SERVER_NAME = "opencode-review";

/** One file set-up looked at: its path from the project root, where it is written, its new text, and what changed (none: left alone). */
export interface ConfigEdit {
  readonly file: string;
  readonly place: ConfigPlace;
  readonly text: string;
  readonly changes: readonly string[];
}

/**
 * Writes the edits that change something, and only those; every file was read and merged before any is
 * written, so a refusal (a file set-up cannot read) writes nothing.
 * @example applyEdits(claudeEdits("/repo", npxLauncher()))
 */
export function applyEdits(edits: readonly ConfigEdit[]): void {
  for (const edit of edits) if (edit.changes.length > 0) writeConfigText(edit.place, edit.text);
}

function jsonEdit(root: string, file: string, edit: (doc: Record<string, unknown>) => (string | null)[]): ConfigEdit {
  const place = configPlace(root, file);
  const previous = place.text;
  const config = parseJsonConfig(previous, file);
  const before = structuredClone(config.doc);
  const changes = edit(config.doc).filter((c): c is string => c !== null);
  // Unchanged in value: left byte for byte as it was, whatever its formatting.
  if (isDeepStrictEqual(before, config.doc)) return { file, place, text: previous ?? "", changes: [] };
  return {
    file,
    place,
    text: jsonConfigText(config, previous),
    changes: previous === null ? [`created, ${changes.join(", ")}`] : changes,
  };
}

function ensureListed(
  parent: Record<string, unknown>,
  key: string,
  items: readonly string[],
  file: string,
): string | null {
  const list = parent[key] ?? (parent[key] = []);
  if (!Array.isArray(list))
    throw new ReviewError(
      "invalid_input",
      `${key} in ${file} is not a list; fix it and run set-up again. Nothing was written.`,
    );
  const missing = items.filter((item) => !list.includes(item));
  list.push(...missing);
  return missing.length === 0 ? null : `listed ${missing.join(", ")} in ${key}`;
}

/**
 * Claude Code, project-scoped: the MCP server in `.mcp.json`; in `.claude/settings.json` the Stop and
 * UserPromptSubmit hooks, the server enabled, and its tools allowed.
 * @example const edits = claudeEdits("/repo", npxLauncher())
 */
export function claudeEdits(root: string, launcher: Launcher): readonly ConfigEdit[] {
  const server = { type: "stdio", command: launcher.command, args: [...launcher.args, "mcp"] };
  return [
    jsonEdit(root, ".mcp.json", (doc) => {
      const servers = objectAt(doc, "mcpServers", ".mcp.json");
      const current = servers[SERVER_NAME];
      const merged = { ...(typeof current === "object" && current !== null ? current : {}), ...server };
      if (isDeepStrictEqual(current, merged)) return [];
      servers[SERVER_NAME] = merged;
      return [`${current === undefined ? "added" : "updated"} the ${SERVER_NAME} MCP server`];
    }),
    jsonEdit(root, ".claude/settings.json", (doc) => [
      ensureCommandHook(doc, "Stop", "stop", hookCommandLine(launcher, ["hook", "stop"]), ".claude/settings.json"),
      ensureCommandHook(
        doc,
        "UserPromptSubmit",
        "prompt",
        hookCommandLine(launcher, ["hook", "prompt"]),
        ".claude/settings.json",
      ),
      ensureListed(doc, "enabledMcpjsonServers", [SERVER_NAME], ".claude/settings.json"),
      ensureListed(
        objectAt(doc, "permissions", ".claude/settings.json"),
        "allow",
        AGENT_TOOL_NAMES.map((tool) => `mcp__${SERVER_NAME}__${tool}`),
        ".claude/settings.json",
      ),
    ]),
  ];
}

/**
 * Codex CLI, project-scoped: `[mcp_servers.opencode-review]` in `.codex/config.toml` (its tools approved,
 * the forge's token and API variables passed on, the rest of the file kept as written, comments too) and the two hooks in `.codex/hooks.json`.
 * @example const edits = codexEdits("/repo", npxLauncher())
 */
export function codexEdits(root: string, launcher: Launcher): readonly ConfigEdit[] {
  const file = ".codex/config.toml";
  const place = configPlace(root, file);
  const previous = place.text;
  const toml = mergeTomlTable(
    previous,
    ["mcp_servers", SERVER_NAME],
    {
      command: launcher.command,
      args: [...launcher.args, "mcp"],
      default_tools_approval_mode: "approve",
      // Codex's default start-up wait is short for a first `npx` run, which downloads the package.
      startup_timeout_sec: 60,
      // Codex hands an MCP server only a few variables of its own (PATH, HOME...): without these names the
      // person's GH_TOKEN never reaches the server, and its pull on start says nothing.
      env_vars: [...TOKEN_VARIABLES, ...ENDPOINT_VARIABLES],
    },
    file,
  );
  return [
    {
      file,
      place,
      text: toml.text,
      changes: previous === null && toml.changes.length > 0 ? [`created, ${toml.changes.join(", ")}`] : toml.changes,
    },
    jsonEdit(root, ".codex/hooks.json", (doc) => [
      ensureCommandHook(doc, "Stop", "stop", hookCommandLine(launcher, ["hook", "stop"]), ".codex/hooks.json"),
      ensureCommandHook(
        doc,
        "UserPromptSubmit",
        "prompt",
        hookCommandLine(launcher, ["hook", "prompt"]),
        ".codex/hooks.json",
      ),
    ]),
  ];
}
