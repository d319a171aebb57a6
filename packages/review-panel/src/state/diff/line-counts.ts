// How many lines a file's diff adds and deletes: the +/- of its header and of its entry in the file tree.
import type { DiffFile } from "../review-client.js";

export interface LineCounts {
  readonly adds: number;
  readonly dels: number;
}

/**
 * Counts the added and deleted lines of a file's hunks (a file held back as too large counts what it shows).
 * @example lineCounts(file) // { adds: 12, dels: 3 }
 */
export function lineCounts(file: Pick<DiffFile, "hunks">): LineCounts {
  let adds = 0;
  let dels = 0;
  for (const hunk of file.hunks)
    for (const line of hunk.lines) {
      if (line.kind === "add") adds++;
      else if (line.kind === "del") dels++;
    }
  return { adds, dels };
}
