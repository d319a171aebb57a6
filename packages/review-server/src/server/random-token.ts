/**
 * A fresh secret for the panel link: 128 random bits as 32 hex characters, from Web Crypto, which
 * Node 20 and Bun both have as a global.
 * @example randomToken() // "9f2c…" (32 characters)
 */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
