import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";

const require = createRequire(import.meta.url);

/** One REST operation as `scripts/cut-github-openapi.mjs` cut it from GitHub's OpenAPI description. */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly {
    readonly name: string;
    readonly in: string;
    readonly required: boolean;
    readonly schema: unknown;
  }[];
  readonly requestBody: unknown;
  readonly responses: Readonly<Record<string, unknown>>;
}

/** An operation a request matched, with its path parameters. */
export interface MatchedOperation {
  readonly operation: OpenApiOperation;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * GitHub's REST operations that opencode-review calls, from `@octokit/openapi` (see the fixture's `source`),
 * with validators for their request bodies and answers: a request the real API would refuse is refused here.
 * @example const api = githubOpenApi(); api.match("POST", "/repos/o/r/pulls/7/comments/1/replies")?.operation.operationId
 */
export function githubOpenApi() {
  const fixture = require("./github-openapi.fixture.json") as {
    readonly source: string;
    readonly operations: readonly OpenApiOperation[];
  };
  // GitHub's description is OpenAPI 3.0: ajv knows its `nullable`; other keywords (example) only document.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validators = new Map<string, ValidateFunction>();
  const compiled = (key: string, schema: unknown): ValidateFunction => {
    let v = validators.get(key);
    if (v === undefined) validators.set(key, (v = ajv.compile(schema as object)));
    return v;
  };
  const patterns = fixture.operations.map((operation) => ({
    operation,
    regex: new RegExp(`^${operation.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`),
  }));
  return {
    source: fixture.source,
    match(method: string, path: string): MatchedOperation | undefined {
      for (const { operation, regex } of patterns) {
        const found = regex.exec(path);
        if (found !== null && operation.method === method) return { operation, params: { ...found.groups } };
      }
      return undefined;
    },
    /** The reasons a request body breaks the operation's schema; empty when it fits. */
    checkRequest(operation: OpenApiOperation, body: unknown): readonly string[] {
      if (operation.requestBody === null) return [];
      const v = compiled(`${operation.operationId} request`, operation.requestBody);
      return v(body) ? [] : (v.errors ?? []).map((e) => `${e.instancePath || "body"} ${e.message ?? "is invalid"}`);
    },
    /** The reasons an answer breaks the operation's response schema for its status; empty when it fits. */
    checkResponse(operation: OpenApiOperation, status: number, body: unknown): readonly string[] {
      const schema = operation.responses[String(status)];
      if (schema === undefined) return [`${operation.operationId} has no ${status} response`];
      if (schema === null) return [];
      const v = compiled(`${operation.operationId} ${status}`, schema);
      return v(body) ? [] : (v.errors ?? []).map((e) => `answer${e.instancePath} ${e.message ?? "is invalid"}`);
    },
  };
}

export type GitHubOpenApi = ReturnType<typeof githubOpenApi>;
