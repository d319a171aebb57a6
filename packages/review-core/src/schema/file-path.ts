import { z } from "zod";
import { pathTooLong } from "./path-limits.js";

/**
 * A file path as a caller gives it (relative to the repository, or a path suffix for tools); never empty.
 * Whether it exists or stays inside the work tree is for the server to decide.
 * @example filePath("file").safeParse("").success // false
 */
export function filePath(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${field} is missing; give a file path, such as src/app.ts.`
          : `${field} must be a file path, such as src/app.ts.`,
    })
    .min(1, { error: `${field} is empty; give a file path, such as src/app.ts.` })
    .check((ctx) => {
      const why = pathTooLong(ctx.value);
      if (why !== null)
        ctx.issues.push({
          code: "custom",
          input: ctx.value,
          message: `${field} is too long: ${why}. No file can have such a path.`,
        });
    });
}
