import { patchMessageBodySchema } from "@opencode-review/core";
import { Hono } from "hono";
import type { ThreadOperations } from "../../service/index.js";
import { pathId, validJson } from "./valid-input.js";

/**
 * `PATCH` and `DELETE /messages/:id`: the person changes or withdraws a draft; a released message is 409.
 * Deleting the only message of a draft thread deletes the thread, answered as `{ thread: null }`.
 * @example api.route("/", messagesRoutes(service))
 */
export function messagesRoutes(service: ThreadOperations) {
  return new Hono()
    .patch("/messages/:id", validJson(patchMessageBodySchema), async (c) => {
      const body = c.req.valid("json");
      const thread = await service.editDraft(pathId(c), {
        ...(body.body === undefined ? {} : { body: body.body }),
        ...(body.suggestion === undefined ? {} : { suggestion: body.suggestion }),
      });
      return c.json({ thread }, 200);
    })
    .delete("/messages/:id", async (c) => {
      const { thread } = await service.deleteDraft(pathId(c));
      return c.json({ thread }, 200);
    });
}
