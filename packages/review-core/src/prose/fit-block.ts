import { utf8Length } from "./utf8-length.js";

/**
 * Cuts text at a line boundary so that it, plus a closing fence if the cut falls inside one, plus
 * `note`, fits in `maxBytes`. Text that fits is returned as is.
 * @example fitBlock("a\nb\nc", 4, "(cut)") // "(cut)" once nothing else fits
 */
export function fitBlock(text: string, maxBytes: number, note: string): string {
  if (utf8Length(text) <= maxBytes) return text;
  const kept: string[] = [];
  let used = utf8Length(note) + 1;
  let openFence: string | null = null;
  for (const line of text.split("\n")) {
    const marker = /^(`{3,})/.exec(line)?.[1] ?? null;
    // Room for this line and, should we stop inside a fence after it, the closing marker.
    const nextFence: string | null =
      marker === null ? openFence : openFence === null ? marker : line.trim() === openFence ? null : openFence;
    const cost = utf8Length(line) + 1 + (nextFence === null ? 0 : nextFence.length + 1);
    if (used + cost > maxBytes) break;
    kept.push(line);
    used += utf8Length(line) + 1;
    openFence = nextFence;
  }
  if (openFence !== null) kept.push(openFence);
  kept.push(note);
  return kept.join("\n");
}
