import { z } from "zod";
import { bodyText } from "./body-text.js";
import { filePath } from "./file-path.js";
import { idText } from "./id-text.js";
import { lineNumber } from "./line-number.js";
import { suggestion } from "./suggestion.js";
import { countCharacters } from "../review/message-body.js";
import { VERDICTS } from "../review/types.js";

// JSON bodies of the HTTP routes (docs/http.md), each as a shape and as a z.object. Unknown fields are
// dropped, not refused, so an older server accepts a newer panel's requests.

/** `POST /api/threads`: a draft thread on a line range (`start`..`end`, both or neither) or on the whole file. */
export const createThreadBody = {
  file: filePath("file"),
  side: z.enum(["new", "old"], { error: 'side must be "new" or "old".' }).default("new"),
  // null is accepted as "no range", the way the Thread JSON writes a whole-file thread.
  start: lineNumber("start").nullable().optional(),
  end: lineNumber("end").nullable().optional(),
  roundId: idText("roundId", "a round id, as GET /api/rounds lists them", {
    empty: "leave it out to use the latest round.",
  }).optional(),
  body: bodyText("body"),
  suggestion,
};

/**
 * The body of `POST /api/threads`, with the range rules.
 * @example createThreadBodySchema.parse({ file: "a.ts", start: 3, end: 4, body: "Why?" }).side // "new"
 */
export const createThreadBodySchema = z.object(createThreadBody).superRefine((body, ctx) => {
  const start = body.start ?? null;
  const end = body.end ?? null;
  if ((start === null) !== (end === null)) {
    const missing = start === null ? "start" : "end";
    ctx.addIssue({
      code: "custom",
      path: [missing],
      input: body[missing],
      message: `${missing} is missing; give start and end together for a range, or neither for the whole file.`,
    });
    return;
  }
  if (start !== null && end !== null && end < start) {
    ctx.addIssue({
      code: "custom",
      path: ["end"],
      input: end,
      message: `end (${end}) is before start (${start}); start is the first line of the range, end the last.`,
    });
    return;
  }
  // A suggestion replaces the thread's lines; a whole-file comment has none to replace.
  if (start === null && body.suggestion != null) {
    ctx.addIssue({
      code: "custom",
      path: ["suggestion"],
      input: body.suggestion,
      message: "suggestion needs a line range; a comment on the whole file has no lines to replace.",
    });
  }
});
export type CreateThreadBody = z.infer<typeof createThreadBodySchema>;

/** `POST /api/threads/:id/messages`: a draft reply. */
export const createMessageBody = {
  body: bodyText("body"),
  suggestion,
};

/**
 * The body of `POST /api/threads/:id/messages`.
 * @example createMessageBodySchema.parse({ body: "Agreed." }) // { body: "Agreed." }
 */
export const createMessageBodySchema = z.object(createMessageBody);
export type CreateMessageBody = z.infer<typeof createMessageBodySchema>;

/** `PATCH /api/messages/:id`: a new body, a new suggestion (null removes it), or both. */
export const patchMessageBody = {
  body: bodyText("body").optional(),
  suggestion,
};

/**
 * The body of `PATCH /api/messages/:id`; at least one field must be there.
 * @example patchMessageBodySchema.safeParse({}).success // false
 */
export const patchMessageBodySchema = z.object(patchMessageBody).superRefine((body, ctx) => {
  if (body.body === undefined && body.suggestion === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["body"],
      input: body.body,
      message: "body is missing; give body, suggestion, or both to change the message.",
    });
  }
});
export type PatchMessageBody = z.infer<typeof patchMessageBodySchema>;

/** `POST /api/threads/:id/resolve` and `/reopen`: an optional last word. */
export const threadStatusBody = {
  body: bodyText("body").optional(),
};

/**
 * The body of `POST /api/threads/:id/resolve` and `POST /api/threads/:id/reopen`.
 * @example threadStatusBodySchema.parse({}) // {}
 */
export const threadStatusBodySchema = z.object(threadStatusBody);
export type ThreadStatusBody = z.infer<typeof threadStatusBodySchema>;

/**
 * An MCP client's agent is named as a session too, `mcp:<client name>` (GET /api/review gives it to the panel,
 * which sends it back): the client's own name, so any printable text after the prefix, within the id limit.
 */
const mcpSessionId = (value: string) => /^mcp:[^\u0000-\u001f\u007f]{1,100}$/.test(value);

/** `POST /api/review/release`: the opencode session to deliver to, when not the one the server knows. */
export const releaseReviewBody = {
  sessionId: idText("sessionId", "an opencode session id", {
    empty: "leave it out to use the current session.",
    orElse: mcpSessionId,
  }).optional(),
  /** The person's overall comment ("Finish your review" on GitHub). */
  summary: z
    .string({ error: "summary must be text." })
    .check((ctx) => {
      // Counted as every body is, in code points, so the panel's counter and this check agree.
      const length = countCharacters(ctx.value);
      if (length > 4000)
        ctx.issues.push({
          code: "custom",
          input: ctx.value,
          message: `summary is ${length} characters; the limit is 4000. Shorten it.`,
        });
    })
    .optional(),
  verdict: z.enum(VERDICTS, { error: 'verdict must be "comment", "approve" or "changes".' }).optional(),
  pr: z.boolean({ error: "pr must be true (send the review to the branch's pull request) or false." }).optional(),
};

/**
 * The body of `POST /api/review/release`.
 * @example releaseReviewBodySchema.parse({ sessionId: "ses_1" }) // { sessionId: "ses_1" }
 */
export const releaseReviewBodySchema = z.object(releaseReviewBody);
export type ReleaseReviewBody = z.infer<typeof releaseReviewBodySchema>;

/**
 * The body of `POST /api/reviews/:id/retry`: the session the panel names, which the retry tries (none: the
 * session a release would go to now).
 * @example retryDeliveryBodySchema.parse({ sessionId: "ses_2" }) // { sessionId: "ses_2" }
 */
export const retryDeliveryBodySchema = z.object({ sessionId: releaseReviewBody.sessionId });
export type RetryDeliveryBody = z.infer<typeof retryDeliveryBodySchema>;
