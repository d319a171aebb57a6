import { filePath, idText } from "@opencode-review/core";
import { Hono } from "hono";
import { z } from "zod";
import type { FileOperations } from "../../service/index.js";
import { validQuery } from "./valid-input.js";

/** `GET /file?path=&ref=`: `ref` is `base`, a round id, or `worktree` (the default). */
export const fileQuerySchema = z.object({
  path: filePath("path"),
  ref: idText("ref", '"base", a round id or "worktree"', {
    empty: 'give "base", a round id or "worktree", or leave it out.',
  }).optional(),
});

/**
 * `GET /file?path=&ref=`: a file's whole text at the base, a round or the work tree, so the panel can
 * show the lines a diff hides. Paths outside the work tree are refused (400), binary files too.
 * `GET /files`: every file git would list in the work tree (tracked, and untracked not ignored), for go-to-file.
 * @example api.route("/", fileRoutes(service))
 */
export function fileRoutes(service: FileOperations) {
  return new Hono()
    .get("/file", validQuery(fileQuerySchema), async (c) => {
      const { path, ref } = c.req.valid("query");
      const file = await service.fileText({ path, ...(ref === undefined ? {} : { ref }) });
      return c.json({ path: file.path, text: file.text }, 200);
    })
    .get("/files", async (c) => c.json({ files: await service.worktreeFiles() }, 200));
}
