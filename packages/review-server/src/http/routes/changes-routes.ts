import { filePath, idText, lineNumber } from "@opencode-review/core";
import { Hono } from "hono";
import { z } from "zod";
import type { ChangeOperations } from "../../service/index.js";
import { pathId, validJson } from "./valid-input.js";

const blob = z
  .string({ error: "blob must be the file's blob from GET /api/diff (null when the file was gone)." })
  .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, { error: "blob must be the file's blob from GET /api/diff." })
  .nullable();

/** `POST /changes/undo`: which lines of which diff to put back, and the file's blob as the person read it. */
export const undoBodySchema = z.object({
  file: filePath("file"),
  side: z.enum(["new", "old"], { error: 'side must be "new" or "old".' }).optional(),
  start: lineNumber("start").optional(),
  end: lineNumber("end").optional(),
  blob,
  view: z
    .string({ error: "view must be uncommitted, since-review, staged or commit:<sha>." })
    .min(1)
    .max(200, { error: "view must be uncommitted, since-review, staged or commit:<sha>." })
    .optional(),
  from: idText("from", '"base", a round id or "branch:<name>"', {
    orElse: (value) => value.startsWith("branch:") && value.length <= 300,
  }).optional(),
});

/** `POST /changes/keep`: the lines whose hunks the person kept, and the file's blob as read. */
export const keepBodySchema = z.object({
  file: filePath("file"),
  start: lineNumber("start"),
  end: lineNumber("end"),
  blob,
});

/** `POST /threads/:id/apply`: which message's suggestion (default: the newest with one). */
export const applyBodySchema = z.object({ messageId: idText("messageId", "a message id of the thread").optional() });

/**
 * The person's hands on the code: undo hunks or a file, restore a change, keep hunks, apply a thread's
 * suggestion; `GET /changes` lists the branch's changes, newest first.
 * @example api.route("/", changesRoutes(service))
 */
export function changesRoutes(service: ChangeOperations) {
  return new Hono()
    .get("/changes", async (c) => c.json({ changes: await service.listChanges() }, 200))
    .post("/changes/undo", validJson(undoBodySchema), async (c) => {
      const body = c.req.valid("json");
      const { change, file } = await service.undo({
        file: body.file,
        blob: body.blob,
        ...(body.side === undefined ? {} : { side: body.side }),
        ...(body.start === undefined ? {} : { start: body.start }),
        ...(body.end === undefined ? {} : { end: body.end }),
        ...(body.view === undefined ? {} : { view: body.view }),
        ...(body.from === undefined ? {} : { from: body.from }),
      });
      return c.json({ change, file }, 200);
    })
    .post("/changes/keep", validJson(keepBodySchema), async (c) => {
      const body = c.req.valid("json");
      return c.json(await service.keepHunks(body), 200);
    })
    .post("/changes/:id/restore", async (c) => c.json(await service.restoreChange(pathId(c)), 200))
    .post("/threads/:id/apply", validJson(applyBodySchema), async (c) => {
      const { messageId } = c.req.valid("json");
      return c.json(await service.applySuggestion(pathId(c), messageId === undefined ? {} : { messageId }), 200);
    });
}
