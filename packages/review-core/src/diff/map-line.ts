import type { Hunk, HunkRange } from "./types.js";

/** Which side of a diff a line number is on. */
export type DiffSide = "old" | "new";

/**
 * A line carried through a diff: `shifted` when the diff left it alone (it may have moved up or down),
 * `edited` when the diff deleted or replaced it; `near` is then the nearest line on the other side:
 * the line in the same position among the lines that replaced it, or, when nothing replaced it, the
 * line just above the deletion (line 1 at the top; callers clamp it when the other side is empty).
 */
export type LineMapping =
  | { readonly kind: "shifted"; readonly line: number }
  | { readonly kind: "edited"; readonly near: number };

/**
 * A range carried through a diff: `shifted` when every line of it was left alone and nothing was
 * inserted between them (so the lines read the same, perhaps elsewhere); `edited` otherwise, with the
 * best range on the other side (the lines it became, or the place where it was).
 */
export type RangeMapping =
  | { readonly kind: "shifted"; readonly start: number; readonly end: number }
  | { readonly kind: "edited"; readonly start: number; readonly end: number };

/**
 * A run of changed lines as a pair of half-open ranges, one per side (1-based starts; a side with no
 * lines has its start at the line that follows the change on that side).
 */
interface ChangeBlock {
  readonly oldFrom: number;
  readonly oldCount: number;
  readonly newFrom: number;
  readonly newCount: number;
}

/**
 * Hunks as a diff with context lines gives them, or as ranges alone for a diff without any (each
 * range is then one change: its deleted lines replaced by its added ones).
 */
export type MappableHunks = readonly Hunk[] | readonly HunkRange[];

/** Hunk lists are immutable and reused (one per file per diff), so their blocks are worked out once. */
const blocksOf = new WeakMap<MappableHunks, readonly ChangeBlock[]>();

/**
 * Where a line of one side of a diff is on the other side (Gerrit-style): lines outside the diff's
 * changes shift by what was inserted and deleted above them; a deleted or replaced line is `edited`.
 * Works on any hunks, with or without context lines.
 * @example mapLine([{ oldStart: 2, oldLines: 0, newStart: 3, newLines: 1, lines: [...] }], 5, "old") // { kind: "shifted", line: 6 }
 */
export function mapLine(hunks: MappableHunks, line: number, from: DiffSide): LineMapping {
  const blocks = changeBlocks(hunks);
  const index = firstBlockNotBefore(blocks, line, from);
  const block = blocks[index];
  if (block !== undefined && fromOf(block, from) <= line) {
    return { kind: "edited", near: nearLine(block, line - fromOf(block, from), from, "above") };
  }
  return { kind: "shifted", line: line + shiftBefore(blocks, index, from) };
}

/**
 * Where a range of lines (1-based, inclusive) of one side of a diff is on the other side.
 * @example mapRange(hunks, 10, 12, "old") // { kind: "shifted", start: 14, end: 16 } after 4 lines were inserted above
 */
export function mapRange(hunks: MappableHunks, start: number, end: number, from: DiffSide): RangeMapping {
  const blocks = changeBlocks(hunks);
  const first = firstBlockNotBefore(blocks, start, from);
  const block = blocks[first];
  // Every block before `first` lies above the range (an insertion right above `start` included), so
  // if the next one begins after `end`, the range sits between changes and shifts as one.
  if (block === undefined || fromOf(block, from) > end) {
    const shift = shiftBefore(blocks, first, from);
    return { kind: "shifted", start: start + shift, end: end + shift };
  }
  // A deleted first line maps to the line below the deletion and a deleted last line to the line
  // above it, so a range that lost lines at either end maps onto exactly the lines that are left.
  const mappedStart = mapEnd(blocks, start, from, "below");
  const mappedEnd = mapEnd(blocks, end, from, "above");
  return { kind: "edited", start: Math.min(mappedStart, mappedEnd), end: mappedEnd };
}

function mapEnd(blocks: readonly ChangeBlock[], line: number, from: DiffSide, bias: "above" | "below"): number {
  const index = firstBlockNotBefore(blocks, line, from);
  const block = blocks[index];
  if (block !== undefined && fromOf(block, from) <= line) {
    return nearLine(block, line - fromOf(block, from), from, bias);
  }
  return line + shiftBefore(blocks, index, from);
}

function changeBlocks(hunks: MappableHunks): readonly ChangeBlock[] {
  let blocks = blocksOf.get(hunks);
  if (blocks === undefined) {
    blocks = toChangeBlocks(hunks);
    blocksOf.set(hunks, blocks);
  }
  return blocks;
}

function toChangeBlocks(hunks: MappableHunks): ChangeBlock[] {
  const blocks: ChangeBlock[] = [];
  for (const hunk of hunks) {
    // A side with no lines gives the line before the hunk (unified diff convention).
    let oldLine = hunk.oldLines === 0 ? hunk.oldStart + 1 : hunk.oldStart;
    let newLine = hunk.newLines === 0 ? hunk.newStart + 1 : hunk.newStart;
    if (!("lines" in hunk)) {
      blocks.push({ oldFrom: oldLine, oldCount: hunk.oldLines, newFrom: newLine, newCount: hunk.newLines });
      continue;
    }
    let open: { oldFrom: number; oldCount: number; newFrom: number; newCount: number } | null = null;
    for (const diffLine of hunk.lines) {
      if (diffLine.kind === "ctx") {
        if (open !== null) blocks.push(open);
        open = null;
        oldLine++;
        newLine++;
        continue;
      }
      open ??= { oldFrom: oldLine, oldCount: 0, newFrom: newLine, newCount: 0 };
      if (diffLine.kind === "del") {
        open.oldCount++;
        oldLine++;
      } else {
        open.newCount++;
        newLine++;
      }
    }
    if (open !== null) blocks.push(open);
  }
  // git prints hunks in order; sorting guards against hunks that come from elsewhere.
  return blocks.sort((x, y) => x.oldFrom - y.oldFrom || x.newFrom - y.newFrom);
}

function fromOf(block: ChangeBlock, side: DiffSide): number {
  return side === "old" ? block.oldFrom : block.newFrom;
}

function countOf(block: ChangeBlock, side: DiffSide): number {
  return side === "old" ? block.oldCount : block.newCount;
}

/**
 * Index of the first block that is not wholly above `line` on side `from` (blocks.length if none).
 * A block with no lines on that side (an insertion right above its `from`) is above every line from
 * `from` on, so it counts in the shift of the line it was inserted above.
 */
function firstBlockNotBefore(blocks: readonly ChangeBlock[], line: number, from: DiffSide): number {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const block = blocks[mid] as ChangeBlock;
    if (fromOf(block, from) + countOf(block, from) <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How far lines after the blocks before `index` move to the other side. */
function shiftBefore(blocks: readonly ChangeBlock[], index: number, from: DiffSide): number {
  if (index === 0) return 0;
  // Past a block, both sides are back in step, so the shift is the difference of the next starts.
  const block = blocks[index - 1] as ChangeBlock;
  const oldAfter = block.oldFrom + block.oldCount;
  const newAfter = block.newFrom + block.newCount;
  return from === "old" ? newAfter - oldAfter : oldAfter - newAfter;
}

/**
 * The other side's line for the `offset`-th changed line of a block: the line in the same position
 * among the lines that replaced it, or, when nothing replaced it, the line just above or below the
 * place where it was (never less than 1).
 */
function nearLine(block: ChangeBlock, offset: number, from: DiffSide, bias: "above" | "below"): number {
  const otherFrom = from === "old" ? block.newFrom : block.oldFrom;
  const otherCount = from === "old" ? block.newCount : block.oldCount;
  if (otherCount > 0) return otherFrom + Math.min(offset, otherCount - 1);
  return bias === "below" ? otherFrom : Math.max(1, otherFrom - 1);
}
