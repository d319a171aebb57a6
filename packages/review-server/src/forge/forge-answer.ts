import { ReviewError } from "@opencode-review/core";
import type { z } from "zod";
import type { FailureContext } from "./forge-failure.js";

/**
 * The body of a forge's answer as text. The clients tell octokit not to parse it: its JSON reader runs a
 * regular expression over the whole body that overflows the stack on a body of a few megabytes (one huge
 * comment stopped every pull). The text is parsed here with the plain, non-recursive JSON.parse.
 * @example const text = await answerText(answer.data);
 */
export async function answerText(body: unknown): Promise<string> {
  if (body === null || body === undefined) return "";
  if (typeof body === "string") return body;
  return new Response(body as ReadableStream<Uint8Array>).text();
}

/** What a forge's name and the variable that points at its API are, for the one line a wrong answer becomes. */
export interface AnswerContext extends FailureContext {
  /** The environment variable naming the API base (`GITHUB_GRAPHQL_URL`, `FORGEJO_API_URL`). */
  readonly variable: string;
  readonly name: string;
}

/**
 * Reads a forge's answer against the shape its API publishes: an answer that is no JSON (an HTML page),
 * broken JSON, or JSON of another shape is a ReviewError with one line naming the forge and what to do,
 * so nothing half-read is stored. The forge's own text never goes into the line (it may echo the token).
 * @example const pull = readAnswer(text, pullSchema, context, "the pull request");
 */
export function readAnswer<T>(text: string, schema: z.ZodType<T>, context: AnswerContext, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw wrongAnswer(
      context,
      `${what} came as ${/^\s*</.test(text) ? "an HTML page" : text.trim() === "" ? "nothing" : "broken JSON"}`,
    );
  }
  return checkAnswer(json, schema, context, what);
}

/** `readAnswer` for JSON already parsed (GraphQL's `data`). */
export function checkAnswer<T>(json: unknown, schema: z.ZodType<T>, context: AnswerContext, what: string): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const at = issue === undefined || issue.path.length === 0 ? "" : ` at ${issue.path.join(".")}`;
  throw wrongAnswer(context, `${what} is not of the shape its API describes${at}`);
}

/**
 * The one line for an answer that is not the forge's API's: a proxy's or login page, another service at that
 * address, or a broken server. The code is `forge_unreachable`: nothing was stored, what was queued stays queued.
 * @example throw wrongAnswer(context, "the threads came as an HTML page");
 */
export function wrongAnswer(context: AnswerContext, why: string): ReviewError {
  return new ReviewError(
    "forge_unreachable",
    `${context.name} (${context.host}) answered something that is not its API's answer: ${why}; check that ${context.variable} points at its API, or try again later (nothing was stored).`,
    { cause: why },
  );
}

/**
 * Each item of a list that has the shape, and one line for each that has not: one odd comment does not
 * stop the rest from coming in.
 * @example const { items, skipped } = eachOf(nodes, commentSchema, (i) => `comment ${i + 1}`);
 */
export function eachOf<T>(
  items: readonly unknown[],
  schema: z.ZodType<T>,
  name: (index: number, item: unknown) => string,
): { readonly items: T[]; readonly skipped: string[] } {
  const out: T[] = [];
  const skipped: string[] = [];
  items.forEach((item, index) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      skipped.push(
        `skipped ${name(index, item)}: it is not of the shape the forge's API describes${issue === undefined || issue.path.length === 0 ? "" : ` (at ${issue.path.join(".")})`}.`,
      );
    }
  });
  return { items: out, skipped };
}
