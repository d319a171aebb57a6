// The theme's colour for each tone the screen lines name (screen-text.ts, syntax-tokens.ts): the one place
// the terminal's words meet opencode's theme.
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { RGBA } from "@opentui/core";
import type { Tone } from "../screen-text.js";
import type { SyntaxTone } from "../syntax-tokens.js";

/** opencode's current theme, as the plugin API hands it. */
export type Theme = TuiPluginApi["theme"]["current"];

/**
 * A piece's colour.
 * @example toneColor(theme, "add") // theme.diffAdded
 */
export function toneColor(c: Theme, t: Tone): RGBA {
  switch (t) {
    case "add":
      return c.diffAdded;
    case "del":
      return c.diffRemoved;
    case "ctx":
      return c.diffContext;
    case "hunk":
      return c.diffHunkHeader;
    case "file":
      return c.primary;
    case "number":
      return c.diffLineNumber;
    case "muted":
      return c.textMuted;
    case "thread":
      return c.info;
    case "draft":
      return c.accent;
    case "agent":
      return c.secondary;
    case "human":
      return c.primary;
    case "warning":
      return c.warning;
    case "success":
      return c.success;
    case "accent":
      return c.accent;
    case "code":
      return c.markdownCode;
    case "link":
      return c.markdownLink;
    case "heading":
      return c.markdownHeading;
    case "quote":
      return c.markdownBlockQuote;
    default:
      return c.text;
  }
}

/**
 * Code takes the theme's syntax colours; its diff colour stays on the marker and the band behind it.
 * @example syntaxColor(theme, "keyword", "add") // theme.syntaxKeyword
 */
export function syntaxColor(c: Theme, t: SyntaxTone, line: Tone): RGBA {
  switch (t) {
    case "comment":
      return c.syntaxComment;
    case "string":
      return c.syntaxString;
    case "number":
      return c.syntaxNumber;
    case "keyword":
      return c.syntaxKeyword;
    case "type":
      return c.syntaxType;
    case "function":
      return c.syntaxFunction;
    case "punctuation":
      return c.syntaxPunctuation;
    default:
      return line === "ctx" ? c.text : toneColor(c, line);
  }
}

/**
 * The background of a line: the cursor's and the marked range's, else the added or deleted band.
 * @example bandColor(theme, "add", false, false) // theme.diffAddedBg
 */
export function bandColor(c: Theme, b: "add" | "del" | undefined, current: boolean, marked: boolean): RGBA | undefined {
  if (current || marked) return c.backgroundElement;
  if (b === "add") return c.diffAddedBg;
  if (b === "del") return c.diffRemovedBg;
  return undefined;
}
