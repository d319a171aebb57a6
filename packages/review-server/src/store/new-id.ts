/** What an id names; the prefix makes ids readable in logs and tool output. */
export type IdKind =
  | "round"
  | "thread"
  | "message"
  | "review"
  | "service"
  | "run"
  | "finding"
  | "forge"
  | "change"
  | "tour";

const PREFIX: Readonly<Record<IdKind, string>> = {
  round: "r",
  thread: "t",
  message: "m",
  review: "v",
  service: "s",
  run: "u",
  finding: "f",
  forge: "p",
  change: "c",
  tour: "w",
};

/**
 * A new opaque id: a short prefix for the kind and 16 random base-36 characters.
 * @example newId("thread") // "t_0k3x9c2m1q7zb4wd"
 */
export function newId(kind: IdKind): string {
  // Web Crypto, not node:crypto: under Bun (inside opencode) importing node:crypto costs tens of ms at start.
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => (byte % 36).toString(36)).join("");
  return `${PREFIX[kind]}_${digits}`;
}
