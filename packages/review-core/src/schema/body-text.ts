import { z } from "zod";
import { countCharacters, MESSAGE_BODY_LIMIT as BODY_LIMIT } from "../review/message-body.js";

/**
 * A message body under the name a caller knows it by (`body` over HTTP, `text` in tools): 1 to 1000
 * characters, not blank; a refusal names the field, the length given and the limit.
 * @example bodyText("text").safeParse("x".repeat(1001)).error?.issues[0]?.message // "text is 1001 characters; the limit is 1000. Shorten it or split it into two replies."
 */
export function bodyText(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${field} is missing; write 1 to ${BODY_LIMIT} characters.`
          : `${field} must be a string of 1 to ${BODY_LIMIT} characters.`,
    })
    .check((ctx) => {
      const text = ctx.value;
      // Blank text says nothing, so it counts as empty rather than as a short body.
      if (text.trim() === "") {
        ctx.issues.push({
          code: "custom",
          input: text,
          message: `${field} is empty; write 1 to ${BODY_LIMIT} characters.`,
        });
        return;
      }
      const length = countCharacters(text);
      if (length > BODY_LIMIT) {
        ctx.issues.push({
          code: "custom",
          input: text,
          message: `${field} is ${length} characters; the limit is ${BODY_LIMIT}. Shorten it or split it into two replies.`,
        });
      }
    });
}
