/** The most characters a message body may have (docs/concepts.md: bodies are 1 to 1000 characters). */
export const MESSAGE_BODY_LIMIT = 1000;

/**
 * Counts characters as the body limit does: by Unicode code points, so an emoji is one, not two UTF-16 units.
 * The one counter: the server's checks and the panels' counters all call it, so they never disagree.
 * @example countCharacters("👍 ok") // 4
 */
export function countCharacters(text: string): number {
  let count = 0;
  // for..of walks code points; it avoids building an array for a long body.
  for (const _ of text) count += 1;
  return count;
}

export type BodyCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: "too_long" | "invalid_input"; readonly reason: string };

/**
 * Checks a message body against the 1 to 1000 character rule; a refusal gives the length.
 * Characters are counted as code points, the way a person counts them, not UTF-16 units.
 * @example checkMessageBody("x".repeat(1001)) // { ok: false, code: "too_long", reason: "The text has 1001 characters; ..." }
 */
export function checkMessageBody(body: string): BodyCheck {
  if (body.trim() === "") {
    return {
      ok: false,
      code: "invalid_input",
      reason: `The text is empty; write 1 to ${MESSAGE_BODY_LIMIT} characters.`,
    };
  }
  const length = countCharacters(body);
  if (length > MESSAGE_BODY_LIMIT) {
    return {
      ok: false,
      code: "too_long",
      reason: `The text has ${length} characters; the limit is ${MESSAGE_BODY_LIMIT}. Shorten it, or split it into several messages.`,
    };
  }
  return { ok: true };
}
