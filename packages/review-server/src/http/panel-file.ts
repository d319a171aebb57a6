import { readFile, realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { pathTooLong } from "@opencode-review/core";
import { contentTypeFor } from "./content-type.js";

/** A file of the panel build, or why there is none. */
export type PanelFile =
  | { readonly kind: "file"; readonly body: Uint8Array; readonly contentType: string }
  | { readonly kind: "missing" }
  | { readonly kind: "refused" }
  | { readonly kind: "invalid"; readonly reason: string };

/** Splits a URL path into safe segments, or null when any segment could leave the folder or hide. */
function safeSegments(urlPath: string): readonly string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.split("/").filter((segment) => segment !== "");
  for (const segment of segments) {
    // Dot segments climb out; backslashes and drive colons do on Windows; NUL cuts paths short in C.
    // Leading dots also keep dotfiles (.env, .git) out, although a Vite build has none.
    if (segment.startsWith(".") || /[\\:\0]/.test(segment)) return null;
  }
  return segments;
}

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

/**
 * Reads a file of the panel build for a URL path, refusing any path that would leave `panelDir`,
 * through `..`, encoded `..`, or a symlink that points outside.
 * @example await readPanelFile("/x/dist/panel", "/assets/index-3f9c.js") // { kind: "file", ... }
 */
export async function readPanelFile(panelDir: string, urlPath: string): Promise<PanelFile> {
  const segments = safeSegments(urlPath);
  if (segments === null) return { kind: "refused" };
  const tooLong = pathTooLong(segments.join("/"));
  if (tooLong !== null) return { kind: "invalid", reason: `This address is too long for a file name: ${tooLong}.` };
  if (segments.length === 0) return { kind: "missing" };
  const root = resolve(panelDir);
  const path = resolve(root, ...segments);
  if (!inside(root, path)) return { kind: "refused" };
  try {
    const [realRoot, realPath] = await Promise.all([realpath(root), realpath(path)]);
    if (!inside(realRoot, realPath)) return { kind: "refused" };
    const body = await readFile(realPath);
    return {
      kind: "file",
      body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
      contentType: contentTypeFor(path),
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return { kind: "missing" };
    if (code === "ENAMETOOLONG") return { kind: "invalid", reason: "This address is too long for a file name." };
    throw error;
  }
}
