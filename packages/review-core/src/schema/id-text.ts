import { z } from "zod";

/** The longest id accepted from outside: ours are 18 characters, opencode's session ids about 30. */
export const ID_MAX_LENGTH = 100;

const ID_SHAPE = /^[A-Za-z0-9_-]+$/;

/**
 * Why `value` cannot be an id (one sentence naming `field`), or null when it has an id's shape: 1 to
 * ID_MAX_LENGTH letters, digits, "_" or "-". Every id that comes from outside (a path parameter, a body, a
 * query, a tool argument) is checked so before it reaches a query or the store.
 * @example idRefusal("id", "t_1") // null
 */
export function idRefusal(field: string, value: string, what: string): string | null {
  if (value.length === 0) return `${field} is empty; give ${what}.`;
  if (value.length > ID_MAX_LENGTH)
    return `${field} is ${value.length} characters; an id is at most ${ID_MAX_LENGTH}. Give ${what}.`;
  if (!ID_SHAPE.test(value)) return `${field} may hold only letters, digits, "_" and "-"; give ${what}.`;
  return null;
}

/**
 * A zod string for an id from outside; `what` says what to give instead ("a round id, as GET /api/rounds lists them");
 * `orElse` accepts another form the field also takes (`branch:<name>`).
 * @example idText("roundId", "a round id").safeParse("x".repeat(101)).success // false
 */
export function idText(
  field: string,
  what: string,
  options: { readonly empty?: string; readonly orElse?: (value: string) => boolean } = {},
) {
  return z.string({ error: `${field} must be ${what}.` }).check((ctx) => {
    if (options.orElse?.(ctx.value) === true) return;
    const why =
      ctx.value.length === 0 && options.empty !== undefined
        ? `${field} is empty; ${options.empty}`
        : idRefusal(field, ctx.value, what);
    if (why !== null) ctx.issues.push({ code: "custom", input: ctx.value, message: why });
  });
}
