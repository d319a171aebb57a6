import { formatSchemaError, idRefusal, ReviewError } from "@opencode-review/core";
import { validator } from "hono/validator";
import type { z } from "zod";

/**
 * Parses a request part with one of the core's zod schemas; a refusal is the `invalid_input` ReviewError
 * (400) whose message names each bad field, as `formatSchemaError` words it.
 * @example const body = parseInput(createMessageBodySchema, await c.req.json())
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ReviewError("invalid_input", formatSchemaError(result.error));
  return result.data;
}

/**
 * Route middleware that validates the JSON body with `schema`; the handler reads it with `c.req.valid("json")`,
 * and the typed client (`hc<AppType>`) learns the body's type from it. A request without a JSON body is
 * validated as `{}`, so routes whose fields are all optional need no body at all.
 * @example .post("/threads", validJson(createThreadBodySchema), async (c) => c.json(await make(c.req.valid("json"))))
 */
export function validJson<S extends z.ZodType>(schema: S) {
  // The input type is the schema's input (defaults optional), so typed clients may leave defaulted fields out.
  return validator<z.input<S>, string, string, "json", string, (value: z.input<S>) => z.output<S>>("json", (value) =>
    parseInput(schema, value),
  );
}

/**
 * Route middleware that validates the query string with `schema`, for `c.req.valid("query")`.
 * @example .get("/threads", validQuery(threadsQuerySchema), (c) => c.json(c.req.valid("query")))
 */
export function validQuery<S extends z.ZodType>(schema: S) {
  return validator("query", (value): z.output<S> => parseInput(schema, value));
}

/**
 * The `:id` of a route's path, refused with 400 unless it has an id's shape (never passed on to a query
 * or the store as any text a caller sent).
 * @example .post("/threads/:id/seen", async (c) => c.json({ thread: await service.markSeen(pathId(c)) }))
 */
export function pathId(c: { readonly req: { param(name: "id"): string } }): string {
  const id = c.req.param("id");
  const why = idRefusal("The id in the path", id, "an id as the API listed it");
  if (why !== null) throw new ReviewError("invalid_input", why);
  return id;
}
