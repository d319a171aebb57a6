import { extname } from "node:path";

const types: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
};

/**
 * The Content-Type for a file of the panel build; unknown kinds are opaque bytes, which with
 * `nosniff` the browser will not run.
 * @example contentTypeFor("assets/index-3f9c.js") // "text/javascript; charset=utf-8"
 */
export function contentTypeFor(path: string): string {
  return types[extname(path).toLowerCase()] ?? "application/octet-stream";
}
