import type { Hunk } from "@opencode-review/core";

/**
 * A hunk's identity for keeping: a digest of its changed lines (kind and text, context left out), so a kept
 * hunk stays kept wherever it moves and whatever diff shows it, and stops being kept once its text changes.
 * @example await hunkKey(hunk) // "9f86d0…"
 */
export async function hunkKey(hunk: Pick<Hunk, "lines">): Promise<string> {
  const text = hunk.lines
    .filter((line) => line.kind !== "ctx")
    .map((line) => `${line.kind === "add" ? "+" : "-"}${line.text}${line.noNewline ? "\n\\" : ""}`)
    .join("\n");
  // Web Crypto, not node:crypto: under Bun importing node:crypto costs tens of ms of every start.
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Buffer.from(digest).toString("hex");
}
