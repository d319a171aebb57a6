// A changed binary file in the terminal is one line of text where the web panel shows the images:
// `PNG 640x480 · 12 KB → 14 KB · 3.2% of pixels changed`; an added or deleted file has one side. The
// type and sizes show at once; the share follows when the backend's decode (off this thread) ends.
import { createSignal } from "solid-js";
import { binarySummary, changedShareText } from "../state/diff/binary-summary.js";
import type { DiffFile, DiffRange } from "../state/review-client.js";
import type { BinarySide, ImageComparison, ReviewBackend } from "./review-backend.js";

/**
 * The line for a binary file's two sides: type, dimensions and sizes, and for an image changed on both
 * sides the share of pixels changed (`comparing pixels…` while it is decoded), or why there is none.
 * @example binaryLine({ before: png640, after: png640b }, { state: "compared", difference }) // "PNG 640x480 · 12 KB → 14 KB · 3.2% of pixels changed"
 */
export function binaryLine(
  sides: { readonly before: BinarySide | null; readonly after: BinarySide | null },
  comparison: ImageComparison | "pending" | null = null,
): string {
  const { before, after } = sides;
  const summary = binarySummary(before, after);
  if (!before || !after || !(before.image || after.image)) return summary || "Binary file: not in either version.";
  if (comparison === "pending") return `${summary} · comparing pixels…`;
  if (comparison?.state === "compared") return `${summary} · ${changedShareText(comparison.difference)}`;
  const why = comparison?.why ?? after.undecoded ?? before.undecoded;
  return why ? `${summary} · ${why}` : summary;
}

/**
 * Each binary file's line, by path, for the terminal (the shared diff slice knows no binaries' lines):
 * `describe` is called with every diff read, after the diff is on screen, so a large image never holds up
 * the first frame; a side that cannot be read says why on the file's line instead. Type and sizes show at
 * once; each share of pixels changed replaces "comparing pixels…" when the backend's decode (off this
 * thread) answers.
 * @example const binaries = createBinaryLines(backend); void binaries.describe(current, range, files); binaries.lines().get("logo.png")
 */
export function createBinaryLines(backend: Pick<ReviewBackend, "binaryVersions">) {
  const [lines, setLines] = createSignal<ReadonlyMap<string, string>>(new Map());
  /** Reads the sides of the binary files among `files`; `current` says whether that diff is still the one shown. */
  const describe = async (current: () => boolean, asked: DiffRange, files: readonly DiffFile[]): Promise<void> => {
    const found = new Map<string, string>();
    const comparisons: Promise<void>[] = [];
    // The lines of this diff only, and never an older diff's after a newer one (the range may have changed).
    const show = (path: string, line: string) => {
      found.set(path, line);
      if (current()) setLines(new Map(found));
    };
    for (const file of files.filter((f) => f.binary)) {
      const read = await backend.binaryVersions(file, asked);
      if (!read.ok) {
        found.set(file.path, `Binary file: ${read.error.message}`);
        continue;
      }
      const { comparison, ...sides } = read.value;
      found.set(file.path, binaryLine(sides, comparison ? "pending" : null));
      if (comparison) {
        comparisons.push(
          comparison.then(
            (answer) => show(file.path, binaryLine(sides, answer)),
            (error: unknown) =>
              show(
                file.path,
                binaryLine(sides, {
                  state: "not-compared",
                  why: `no pixel share (${error instanceof Error ? error.message : String(error)})`,
                }),
              ),
          ),
        );
      }
    }
    if (current()) setLines(new Map(found));
    await Promise.all(comparisons);
  };
  return { lines, describe };
}
