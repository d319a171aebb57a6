import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import stripJsonComments from "strip-json-comments";

/**
 * opencode 1.18.33 drops every `keybinds` entry of tui.json whose id is not one of its own commands before a
 * plugin sees the config (`api.tuiConfig.keybinds.get("opencode-review.open")` is always empty), so the
 * person's rebinding of our command would do nothing. This reads the same tui.json files opencode reads, in
 * its order (global, `OPENCODE_TUI_CONFIG`, the project's from the work tree's top down, then `.opencode/`
 * folders), and the plugin entry's own options (`["opencode-review", { "keybinds": { ... } }]`), last wins.
 */
export interface OpenCommandKeysInput {
  /** The command id whose keys are looked up. */
  readonly command: string;
  /** opencode's directory for this TUI and the top of its work tree. */
  readonly directory: string;
  readonly worktree: string;
  /** The global config folder (opencode's `~/.config/opencode`). */
  readonly globalConfig?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The plugin entry's options from tui.json. */
  readonly options?: unknown;
  readonly read?: (path: string) => Promise<string | null>;
}

/** The keys as opencode's keymap takes them; `[]` means the person unbound the command. */
export type OpenCommandKeys =
  | { readonly configured: false }
  | { readonly configured: true; readonly keys: readonly string[] };

/**
 * The person's keys for a command from tui.json, or `configured: false` to keep the default.
 * @example await openCommandKeys({ command: "opencode-review.open", directory, worktree }) // { configured: true, keys: ["<leader>o"] }
 */
export async function openCommandKeys(input: OpenCommandKeysInput): Promise<OpenCommandKeys> {
  const env = input.env ?? process.env;
  const read = input.read ?? ((path: string) => readFile(path, "utf8").catch(() => null));
  let found: OpenCommandKeys = { configured: false };
  const take = (value: unknown) => {
    const keys = keysOf(value);
    if (keys !== null) found = { configured: true, keys };
  };
  for (const path of configFiles(input, env)) {
    const text = await read(path);
    if (text === null) continue;
    const config = parseConfig(text);
    // A file opencode skips as invalid is skipped here too.
    if (!isRecord(config)) continue;
    const keybinds = isRecord(config.tui) && isRecord(config.tui.keybinds) ? config.tui.keybinds : config.keybinds;
    if (isRecord(keybinds) && input.command in keybinds) take(keybinds[input.command]);
  }
  if (isRecord(input.options) && isRecord(input.options.keybinds) && input.command in input.options.keybinds) {
    take(input.options.keybinds[input.command]);
  }
  return found;
}

function configFiles(input: OpenCommandKeysInput, env: Readonly<Record<string, string | undefined>>): string[] {
  const global = input.globalConfig || join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "opencode");
  const names = (dir: string) => [join(dir, "tui.jsonc"), join(dir, "tui.json")];
  const files = [...names(global)];
  if (env.OPENCODE_TUI_CONFIG) files.push(env.OPENCODE_TUI_CONFIG);
  if (env.OPENCODE_DISABLE_PROJECT_CONFIG) return files;
  const folders = foldersDown(resolve(input.worktree), resolve(input.directory));
  for (const dir of folders) files.push(...names(dir));
  for (const dir of folders) files.push(...names(join(dir, ".opencode")));
  return files;
}

/** From the work tree's top down to the directory (the directory alone when it is outside the work tree). */
function foldersDown(top: string, directory: string): string[] {
  const rel = relative(top, directory);
  if (rel.startsWith("..") || resolve(top, rel) !== directory) return [directory];
  const out = [top];
  let at = top;
  for (const part of rel.split(sep).filter(Boolean)) out.push((at = join(at, part)));
  return out.length > 0 ? out : [dirname(directory)];
}

/** opencode's keybind value: a key, keys separated by commas, a list of them, or `false`/`"none"` for none. */
function keysOf(value: unknown): string[] | null {
  if (value === false || value === "none") return [];
  const one = (v: unknown): string[] => {
    if (typeof v === "string")
      return v
        .split(",")
        .map((k) => k.trim())
        .filter((k) => k !== "" && k !== "none");
    if (isRecord(v) && typeof v.key === "string") return [v.key];
    return [];
  };
  if (typeof value === "string" || isRecord(value)) return one(value);
  if (Array.isArray(value)) return value.flatMap(one);
  return null;
}

/** tui.json is JSONC: comments and trailing commas allowed. */
function parseConfig(text: string): unknown {
  try {
    return JSON.parse(stripJsonComments(text, { trailingCommas: true }));
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
