import { formatSchemaError } from "@opencode-review/core";
import type { z } from "zod";

/**
 * Runs a tool's full argument schema (opencode only checks the field shapes, not the rules between
 * fields) and throws an Error the model can act on, one sentence per problem, when the arguments break it.
 * @example const args = parseToolArgs(reviewOpenArgsSchema, raw); // throws "to: to (3) is before from (9); ..."
 */
export function parseToolArgs<S extends z.ZodType>(schema: S, args: unknown): z.infer<S> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new Error(formatSchemaError(parsed.error));
  return parsed.data;
}
