import { ReviewError } from "@opencode-review/core";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** A config file's text, or null when it does not exist yet. */
export function readConfigText(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

/**
 * Writes a config file whole (its folder made first) through a temporary file renamed into place, so a
 * client reading it meanwhile never sees half of it.
 * @example writeConfigText("/repo/.mcp.json", "{}\n")
 */
export function writeConfigText(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.opencode-review-${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/**
 * Parses a JSON config file's text into an object; anything else is refused, naming the file, so set-up
 * never overwrites what it cannot read.
 * @example parseJsonConfig('{"hooks":{}}', ".claude/settings.json") // { hooks: {} }
 */
export function parseJsonConfig(text: string | null, name: string): Record<string, unknown> {
  if (text === null || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ReviewError(
      "invalid_input",
      `${name} is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it and run set-up again. Nothing was written.`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ReviewError("invalid_input", `${name} does not hold a JSON object; fix it and run set-up again. Nothing was written.`);
  }
  return parsed as Record<string, unknown>;
}

/** The JSON text a config is written back as: the file's own indent (two spaces when new), and a final newline. */
export function jsonConfigText(value: unknown, previous: string | null): string {
  const indent = previous === null ? "  " : (/^([ \t]+)"/m.exec(previous)?.[1] ?? "  ");
  return `${JSON.stringify(value, null, indent)}\n`;
}
