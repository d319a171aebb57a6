import { fence } from "./fence.js";
import { SHOWN_LINES_LIMIT } from "./quote-block.js";
import { shortenLine } from "./shorten-line.js";

/**
 * A suggestion in words and a fence: what it replaces (`what`, e.g. "lines 12-14"), then the lines.
 * An empty suggestion means "delete these lines" and says so.
 * @example suggestionBlock(["const b = 2;"], "lines 12-14") // "Suggested replacement for lines 12-14:\n```\nconst b = 2;\n```"
 */
export function suggestionBlock(suggestion: readonly string[], what: string): string {
  if (suggestion.length === 0) return `Suggested: delete ${what}.`;
  const shown = suggestion.slice(0, SHOWN_LINES_LIMIT).map((line) => shortenLine(line));
  const block = `Suggested replacement for ${what}:\n${fence(shown)}`;
  if (shown.length === suggestion.length) return block;
  return `${block}\n(${shown.length} of ${suggestion.length} suggested lines shown)`;
}
