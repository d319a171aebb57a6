import { z } from "zod";

// A model that misspells an argument (`resolve` for `resolved`) must hear so: a plain z.object drops the
// key and the call "succeeds" without the thing the model meant. So a tool's full schema refuses every key
// its shape does not name, and says which known name was probably meant.

/**
 * A tool's arguments as one object schema that refuses unknown keys, naming the nearest known argument.
 * @example toolArgsObject({ resolved: z.boolean() }).safeParse({ resolve: true }) // fails: "unknown argument `resolve`; did you mean `resolved`?"
 */
export function toolArgsObject<S extends z.ZodRawShape>(shape: S) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? unknownArguments(issue.keys, known) : undefined),
  });
}

/**
 * One sentence per unknown key: the nearest known name when one is close, else the list of known names.
 * @example unknownArguments(["resolve"], ["id", "text", "resolved"]) // "unknown argument `resolve`; did you mean `resolved`?"
 */
export function unknownArguments(keys: readonly string[], known: readonly string[]): string {
  return keys
    .map((key) => {
      const near = nearestName(key, known);
      return near === null
        ? `unknown argument \`${key}\`; the arguments are ${known.map((k) => `\`${k}\``).join(", ")}.`
        : `unknown argument \`${key}\`; did you mean \`${near}\`?`;
    })
    .join("\n");
}

/** The known name closest to `key` by edit distance (case ignored), if close enough to be a slip; else null. */
function nearestName(key: string, known: readonly string[]): string | null {
  const lower = key.toLowerCase();
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const candidate = name.toLowerCase();
    const distance = editDistance(lower, candidate);
    // A slip is a few letters in a word, or the known name inside a longer one (filePath for file).
    const close =
      distance <= Math.max(1, Math.floor(Math.max(lower.length, candidate.length) / 3)) ||
      lower.includes(candidate) ||
      candidate.includes(lower);
    if (close && (best === null || distance < best.distance)) best = { name, distance };
  }
  return best?.name ?? null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length] as number;
}
