import { ReviewError } from "@opencode-review/core";
import { isDeepStrictEqual } from "node:util";
import { parse } from "smol-toml";

/** The values set-up writes into a TOML table: strings, whole numbers and lists of strings. */
export type TomlValues = Readonly<Record<string, string | number | readonly string[]>>;

function tomlValue(value: string | number | readonly string[]): string {
  if (typeof value === "number") return String(Math.trunc(value));
  // JSON's string escapes are all valid in TOML basic strings.
  return typeof value === "string" ? JSON.stringify(value) : `[${value.map((v) => JSON.stringify(v)).join(", ")}]`;
}

function parseToml(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ReviewError(
      "invalid_input",
      `${file} is not valid TOML (${reason}); fix it and run set-up again. Nothing was written.`,
    );
  }
}

function tableIn(doc: Record<string, unknown>, path: readonly [string, string]): Record<string, unknown> | undefined {
  const parent = doc[path[0]];
  const table =
    typeof parent === "object" && parent !== null ? (parent as Record<string, unknown>)[path[1]] : undefined;
  return typeof table === "object" && table !== null ? (table as Record<string, unknown>) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Sets keys of one table (`[a.b]`) in a TOML file's text and leaves every other byte as it was: other
 * tables, comments, the table's other keys. A key already set is rewritten on its own line(s); a missing
 * one goes after the table's last key; a missing table is appended. The result is parsed again and must
 * hold the values, else nothing is written. Returns the new text and what changed (none: already set).
 * @example mergeTomlTable('model = "o3"\n', ["mcp_servers", "x"], { command: "npx" }, "config.toml").changes // ["added [mcp_servers.x]"]
 */
export function mergeTomlTable(
  text: string | null,
  path: readonly [string, string],
  values: TomlValues,
  file: string,
): { readonly text: string; readonly changes: readonly string[] } {
  const source = text ?? "";
  const existing = tableIn(parseToml(source, file), path);
  const differing = Object.keys(values).filter((key) => !isDeepStrictEqual(existing?.[key], values[key]));
  if (differing.length === 0) return { text: source, changes: [] };

  const name = `${path[0]}.${path[1]}`;
  const quotedSegment = (segment: string) =>
    `(?:${escapeRegExp(segment)}|"${escapeRegExp(segment)}"|'${escapeRegExp(segment)}')`;
  const header = new RegExp(
    `^\\s*\\[\\s*${quotedSegment(path[0])}\\s*\\.\\s*${quotedSegment(path[1])}\\s*\\]\\s*(?:#.*)?$`,
  );
  const lines = source.split("\n");
  const start = lines.findIndex((line) => header.test(line));
  let changes: string[];
  if (start === -1) {
    if (existing !== undefined) {
      throw new ReviewError(
        "invalid_input",
        `${file} defines ${name} without a [${name}] header (inline or dotted keys); make it a [${name}] table, or set ${differing.join(", ")} there by hand. Nothing was written.`,
      );
    }
    const block = [`[${name}]`, ...Object.keys(values).map((key) => `${key} = ${tomlValue(values[key]!)}`)];
    const body = source.replace(/\s*$/, "");
    const next = body === "" ? `${block.join("\n")}\n` : `${body}\n\n${block.join("\n")}\n`;
    changes = [`added [${name}]`];
    return { text: checked(next, path, values, file, name), changes };
  }
  let end = lines.findIndex((line, i) => i > start && /^\s*\[/.test(line));
  if (end === -1) end = lines.length;
  changes = [];
  for (const key of differing) {
    const keyLine = new RegExp(`^\\s*${quotedSegment(key)}\\s*=`);
    const at = lines.findIndex((line, i) => i > start && i < end && keyLine.test(line));
    const line = `${key} = ${tomlValue(values[key]!)}`;
    if (at === -1) {
      // After the table's last key, so blank lines and comments before the next table stay where they are.
      let after = start;
      for (let i = start + 1; i < end; i++) if (!/^\s*(#.*)?$/.test(lines[i]!)) after = i;
      lines.splice(after + 1, 0, line);
      end++;
      changes.push(`set ${key} in [${name}]`);
      continue;
    }
    // The old value may span lines (a multi-line array): it ends at the first line that completes it.
    let last = at;
    while (last < end - 1 && !parses(lines.slice(at, last + 1).join("\n"))) last++;
    lines.splice(at, last - at + 1, line);
    end -= last - at;
    changes.push(`set ${key} in [${name}]`);
  }
  return { text: checked(lines.join("\n"), path, values, file, name), changes };
}

function parses(text: string): boolean {
  try {
    parse(text);
    return true;
  } catch {
    return false;
  }
}

function checked(
  text: string,
  path: readonly [string, string],
  values: TomlValues,
  file: string,
  name: string,
): string {
  const table = tableIn(parseToml(text, file), path);
  const wrong = Object.keys(values).filter((key) => !isDeepStrictEqual(table?.[key], values[key]));
  if (wrong.length > 0) {
    throw new ReviewError(
      "invalid_input",
      `could not set ${wrong.join(", ")} in [${name}] of ${file}; set them there by hand. Nothing was written.`,
    );
  }
  return text;
}

/**
 * The table `[a.b]` of a TOML text, or undefined when it has none; text that is not TOML is refused, naming the file.
 * @example readTomlTable('[mcp_servers.x]\ncommand = "npx"\n', ["mcp_servers", "x"], "config.toml") // { command: "npx" }
 */
export function readTomlTable(
  text: string,
  path: readonly [string, string],
  file: string,
): Record<string, unknown> | undefined {
  return tableIn(parseToml(text, file), path);
}
