import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";

const require = createRequire(import.meta.url);

/** Which description a stand-in speaks: Forgejo's, or Gitea's. */
/** Forgejo 15, Forgejo 16 (multi-line comments), Gitea 1.26: each a cut of its own swagger description. */
export type ForgejoFlavor = "forgejo" | "forgejo16" | "gitea";

/** One /api/v1 operation as `scripts/cut-forgejo-swagger.mjs` cut it from a swagger description. */
export interface SwaggerOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly produces: readonly string[];
  readonly parameters: readonly {
    readonly name: string;
    readonly in: string;
    readonly required: boolean;
    readonly schema: Record<string, unknown>;
  }[];
  readonly responses: Readonly<Record<string, unknown>>;
}

interface FlavorFixture {
  readonly source: {
    readonly repository: string;
    readonly tag: string;
    readonly commit: string;
    readonly file: string;
  };
  readonly basePath: string;
  readonly operations: readonly SwaggerOperation[];
  readonly definitions: Readonly<Record<string, unknown>>;
}

/** An operation a request matched, with its path parameters. */
export interface MatchedSwaggerOperation {
  readonly operation: SwaggerOperation;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Forgejo's (or Gitea's) /api/v1 operations that opencode-review calls, cut from the swagger description in
 * its repository (see the fixture's `source`), with checks for paths, parameters, bodies and answers: a
 * request the real server would refuse, or whose fields it would silently drop, is refused here.
 * @example const api = forgejoSwagger("forgejo"); api.match("GET", "/api/v1/repos/o/r/pulls/7/reviews")?.operation.operationId
 */
export function forgejoSwagger(flavor: ForgejoFlavor) {
  const fixture = (require("./forgejo-swagger.fixture.json") as Record<ForgejoFlavor, FlavorFixture>)[flavor];
  // Swagger 2.0 schemas are JSON Schema draft 4 with x- extensions: ajv ignores those without strict mode.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validators = new Map<string, ValidateFunction>();
  const compiled = (key: string, schema: unknown): ValidateFunction => {
    let v = validators.get(key);
    if (v === undefined) validators.set(key, (v = ajv.compile({ definitions: fixture.definitions, allOf: [schema] })));
    return v;
  };
  // The server's JSON binding drops fields it does not know (a GitHub-style `line` would silently be lost),
  // so a request body is checked with each object closed to the fields the description names.
  const closedDefinitions = closeObjects(fixture.definitions) as Record<string, unknown>;
  const strict = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const requestValidators = new Map<string, ValidateFunction>();
  const patterns = fixture.operations.map((operation) => ({
    operation,
    regex: new RegExp(
      `^${fixture.basePath}${operation.path.replace(/\./g, "\\.").replace(/\{(\w+)\}/g, "(?<$1>[^/]+?)")}$`,
    ),
  }));
  const source = `${fixture.source.repository} ${fixture.source.tag} (${fixture.source.commit}) ${fixture.source.file}`;

  return {
    source,
    match(method: string, path: string): MatchedSwaggerOperation | undefined {
      for (const { operation, regex } of patterns) {
        const found = regex.exec(path);
        if (found === null || operation.method !== method) continue;
        const params = { ...found.groups } as Record<string, string>;
        // `/pulls/{index}` must not take `/pulls/7.diff`: an integer path parameter is digits.
        const typed = operation.parameters
          .filter((p) => p.in === "path")
          .every((p) => p.schema.type !== "integer" || /^\d+$/.test(params[p.name] ?? ""));
        if (typed) return { operation, params };
      }
      return undefined;
    },
    /** The reasons a request's query, path parameters or body break the operation's description; empty when it fits. */
    checkRequest(matched: MatchedSwaggerOperation, query: URLSearchParams, body: unknown): readonly string[] {
      const { operation } = matched;
      const problems: string[] = [];
      const known = new Set(operation.parameters.filter((p) => p.in === "query").map((p) => p.name));
      for (const name of query.keys())
        if (!known.has(name)) problems.push(`query parameter ${name} is not one of ${operation.operationId}'s`);
      for (const p of operation.parameters) {
        const value = p.in === "query" ? query.get(p.name) : p.in === "path" ? matched.params[p.name] : undefined;
        if (
          p.in !== "body" &&
          value !== undefined &&
          value !== null &&
          p.schema.type === "integer" &&
          !/^-?\d+$/.test(value)
        )
          problems.push(`${p.in} parameter ${p.name} is not an integer (${value})`);
        if (
          p.in !== "body" &&
          value !== undefined &&
          value !== null &&
          Array.isArray(p.schema.enum) &&
          !p.schema.enum.includes(value)
        )
          problems.push(`${p.in} parameter ${p.name} is not one of ${p.schema.enum.join(", ")}`);
        if (p.in === "query" && p.required && value === null) problems.push(`query parameter ${p.name} is required`);
      }
      const bodyParameter = operation.parameters.find((p) => p.in === "body");
      if (bodyParameter === undefined) {
        if (body !== undefined) problems.push(`${operation.operationId} takes no body`);
        return problems;
      }
      if (body === undefined)
        return bodyParameter.required ? [...problems, `${operation.operationId} needs a body`] : problems;
      let v = requestValidators.get(operation.operationId);
      if (v === undefined)
        requestValidators.set(
          operation.operationId,
          (v = strict.compile({ definitions: closedDefinitions, allOf: [closeObjects(bodyParameter.schema)] })),
        );
      if (!v(body))
        problems.push(
          ...(v.errors ?? []).map(
            (e) =>
              `body${e.instancePath} ${e.message ?? "is invalid"}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`,
          ),
        );
      return problems;
    },
    /** The reasons an answer breaks the operation's response schema for its status; empty when it fits. */
    checkResponse(operation: SwaggerOperation, status: number, body: unknown): readonly string[] {
      if (!(String(status) in operation.responses)) return [`${operation.operationId} has no ${status} response`];
      const schema = operation.responses[String(status)];
      if (schema === null) return [];
      const v = compiled(`${operation.operationId} ${status}`, schema);
      return v(body) ? [] : (v.errors ?? []).map((e) => `answer${e.instancePath} ${e.message ?? "is invalid"}`);
    },
  };
}

export type ForgejoSwagger = ReturnType<typeof forgejoSwagger>;

// A copy of a schema in which every object with named properties accepts no others.
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, closeObjects(v)]))
        : closeObjects(value);
  if ("properties" in out && !("additionalProperties" in out)) out.additionalProperties = false;
  return out;
}
