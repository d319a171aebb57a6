import { checkMessageBody } from "./message-body.js";
import type { NewMessage } from "./thread-state.js";
import type { Message } from "./types.js";
import { writtenMessage } from "./written-message.js";

/**
 * The remark that may go with a resolve or reopen: checked, and made a sent human message.
 * @example sentRemark({ id: "m9", body: "Thanks.", at: "2026-01-01T13:00:00.000Z" }) // { ok: true, message: { delivery: "sent", ... } }
 */
export function sentRemark(
  message: NewMessage | undefined,
): { readonly ok: true; readonly message: Message } | { readonly ok: false; readonly code: "too_long" | "invalid_input"; readonly reason: string } | null {
  if (!message) return null;
  const body = checkMessageBody(message.body);
  if (!body.ok) return body;
  return {
    ok: true,
    message: writtenMessage(message, "human", "sent"),
  };
}
