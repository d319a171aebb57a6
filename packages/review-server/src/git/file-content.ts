/** A file's content as the review needs it: text to anchor on, or the reason there is none. */
export type FileContent =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "binary" }
  | { readonly kind: "missing" };

// git's own rule (buffer_is_binary): a NUL byte in the first 8000 bytes makes a file binary.
const BINARY_PROBE = 8000;

/**
 * Classifies raw bytes as text or binary by git's rule.
 * @example toFileContent(Buffer.from("a\n")) // { kind: "text", text: "a\n" }
 */
export function toFileContent(bytes: Uint8Array): FileContent {
  const probe = bytes.subarray(0, BINARY_PROBE);
  if (probe.includes(0)) return { kind: "binary" };
  return { kind: "text", text: new TextDecoder("utf-8").decode(bytes) };
}
