import { filePath, idText } from "@opencode-review/core";
import { Hono } from "hono";
import { z } from "zod";
import type { FileOperations } from "../../service/index.js";
import { validQuery } from "./valid-input.js";

/** `GET /raw?path=&ref=`: `ref` is `base`, a round id, or `worktree` (the default). */
export const rawQuerySchema = z.object({
  path: filePath("path"),
  ref: idText("ref", '"base", a round id or "worktree"', {
    empty: 'give "base", a round id or "worktree", or leave it out.',
  }).optional(),
});

// Opened on its own (a link, a new tab), the answer runs nothing: an SVG's scripts stay off, as does
// anything a file that is not an image might hold, and it is never shown in a frame.
const rawPolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/**
 * `GET /raw?path=&ref=`: a file's bytes at the base, a round or the work tree, with the type its bytes
 * show (`X-File-Type` carries the short name), for the panel's image and binary views. Paths outside the
 * work tree are refused (400), missing files too (404).
 * @example api.route("/", rawRoutes(service))
 */
export function rawRoutes(service: FileOperations) {
  return new Hono().get("/raw", validQuery(rawQuerySchema), async (c) => {
    const { path, ref } = c.req.valid("query");
    const file = await service.fileBytes({ path, ...(ref === undefined ? {} : { ref }) });
    const name = file.path.slice(file.path.lastIndexOf("/") + 1).replace(/[^\w.-]/g, "_");
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": file.type.mime,
      "content-length": String(file.bytes.length),
      "content-security-policy": rawPolicy,
      "content-disposition": `${file.type.image ? "inline" : "attachment"}; filename="${name}"`,
      "x-file-type": file.type.label,
    });
  });
}
