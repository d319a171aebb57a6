import type { Hunk } from "@opencode-review/core";
import { lineOffsets, type LineSpan } from "./file-lines.js";

/** One run of changed lines inside a hunk: where it sits on each side (0-based) and how many lines. */
export interface ChangeBlock {
  readonly old: LineSpan;
  readonly new: LineSpan;
}

/**
 * The runs of added and deleted lines of hunks, context left out: what an undo of those hunks puts back.
 * @example changeBlocks([hunk]) // [{ old: { start: 9, lines: 1 }, new: { start: 9, lines: 2 } }]
 */
export function changeBlocks(hunks: readonly Hunk[]): ChangeBlock[] {
  const blocks: ChangeBlock[] = [];
  for (const hunk of hunks) {
    // A side with no lines is numbered by the line before it (git's "@@ -4,0 +5,2 @@").
    let o = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1;
    let n = hunk.newLines === 0 ? hunk.newStart : hunk.newStart - 1;
    let open: { o: number; n: number; ol: number; nl: number } | null = null;
    const close = () => {
      if (open !== null)
        blocks.push({ old: { start: open.o, lines: open.ol }, new: { start: open.n, lines: open.nl } });
      open = null;
    };
    for (const line of hunk.lines) {
      if (line.kind === "ctx") {
        close();
        o++;
        n++;
        continue;
      }
      open ??= { o, n, ol: 0, nl: 0 };
      if (line.kind === "del") {
        open.ol++;
        o++;
      } else {
        open.nl++;
        n++;
      }
    }
    close();
  }
  return blocks.sort((a, b) => a.new.start - b.new.start);
}

/** What an undo writes, and the span of lines it replaced in the file before and the span it wrote after. */
export interface Reverted {
  readonly bytes: Buffer;
  readonly before: LineSpan;
  readonly after: LineSpan;
}

/**
 * Puts the `from` side's lines back over the work tree's for each block, byte for byte (line endings and a
 * missing final newline as the `from` side has them); every other line stays as it was. Null: no block.
 * @example revertBlocks(oldBytes, newBytes, changeBlocks(hunks)).bytes
 */
export function revertBlocks(
  oldBytes: Uint8Array,
  newBytes: Uint8Array,
  blocks: readonly ChangeBlock[],
): Reverted | null {
  if (blocks.length === 0) return null;
  const oldAt = lineOffsets(oldBytes);
  const newAt = lineOffsets(newBytes);
  const parts: Uint8Array[] = [];
  let cursor = 0;
  let grown = 0;
  for (const block of blocks) {
    parts.push(newBytes.subarray(newAt[cursor]!, newAt[block.new.start]!));
    parts.push(oldBytes.subarray(oldAt[block.old.start]!, oldAt[block.old.start + block.old.lines]!));
    cursor = block.new.start + block.new.lines;
    grown += block.old.lines - block.new.lines;
  }
  parts.push(newBytes.subarray(newAt[cursor]!));
  const first = blocks[0]!.new.start;
  const last = blocks[blocks.length - 1]!;
  const beforeLines = last.new.start + last.new.lines - first;
  return {
    bytes: Buffer.concat(parts),
    before: { start: first, lines: beforeLines },
    after: { start: first, lines: beforeLines + grown },
  };
}
