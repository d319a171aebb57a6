import { tokenQueryParameter } from "./middleware/token-auth.js";

/**
 * The link a person opens: the server's URL with the token in the fragment, which the browser never sends
 * to any server (nor in a Referer); the page reads it, keeps it for its own origin and sends it as a header.
 * @example panelLink("http://127.0.0.1:4321", "3f9c") // "http://127.0.0.1:4321/#token=3f9c"
 */
export function panelLink(url: string, token: string): string {
  return `${url}/#${tokenQueryParameter}=${encodeURIComponent(token)}`;
}
