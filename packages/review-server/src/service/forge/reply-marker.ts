// A reply carries its message's id in an HTML comment, which forges keep in the body and do not show:
// a push that lost its answer finds the reply by it, and a pull knows the reply as ours.
const MARKER = /<!-- opencode-review:(m_[A-Za-z0-9]+) -->/;

/**
 * The body a reply is posted with: the agent's words, then its hidden marker.
 * @example withReplyMarker("Renamed it.", "m_abc") // "Renamed it.\n\n<!-- opencode-review:m_abc -->"
 */
export function withReplyMarker(body: string, messageId: string): string {
  return `${body}\n\n${replyMarker(messageId)}`;
}

/** @example replyMarker("m_abc") // "<!-- opencode-review:m_abc -->" */
export function replyMarker(messageId: string): string {
  return `<!-- opencode-review:${messageId} -->`;
}

/** The message id a forge comment's marker names, or null for a comment not posted by a push. */
export function replyMarkerOf(body: string): string | null {
  return MARKER.exec(body)?.[1] ?? null;
}
