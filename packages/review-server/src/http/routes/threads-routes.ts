import {
  createMessageBodySchema,
  createThreadBodySchema,
  threadsQuerySchema,
  threadStatusBodySchema,
} from "@opencode-review/core";
import type { Thread } from "@opencode-review/core";
import { Hono } from "hono";
import type { TypedResponse } from "hono";
import type { ReviewerOperations, ThreadOperations } from "../../service/index.js";
import { isFindingId } from "../../service/reviewer/triage-finding.js";
import { createSharedBodies } from "./listing-bodies.js";
import { pathId, validJson, validQuery } from "./valid-input.js";

/**
 * The person's side of threads: list them, start one (a draft), draft a reply, resolve, reopen, mark seen.
 * @example api.route("/", threadsRoutes(service))
 */
export function threadsRoutes(service: ThreadOperations & ReviewerOperations) {
  const bodies = createSharedBodies();
  return new Hono()
    .get("/threads", validQuery(threadsQuerySchema), async (c) => {
      const { status, file, at } = c.req.valid("query");
      // The service numbers each listing it keeps (the same version is the same threads); its body is
      // serialized once per version, not once per reader.
      const { threads, version } = await service.threadListing({
        ...(status === undefined ? {} : { status }),
        ...(file === undefined ? {} : { file }),
        ...(at === undefined ? {} : { at }),
      });
      const body = bodies.of(version, threads);
      // The cast keeps the body's shape in AppType for the typed client.
      return c.body(body, 200, { "content-type": "application/json" }) as unknown as TypedResponse<
        { threads: Thread[] },
        200,
        "json"
      >;
    })
    .post("/threads", validJson(createThreadBodySchema), async (c) => {
      const body = c.req.valid("json");
      const thread = await service.draftThread({
        file: body.file,
        side: body.side,
        ...(body.start === undefined ? {} : { start: body.start }),
        ...(body.end === undefined ? {} : { end: body.end }),
        ...(body.roundId === undefined ? {} : { roundId: body.roundId }),
        body: body.body,
        ...(body.suggestion === undefined ? {} : { suggestion: body.suggestion }),
      });
      return c.json({ thread }, 201);
    })
    .post("/threads/:id/messages", validJson(createMessageBodySchema), async (c) => {
      const body = c.req.valid("json");
      // A reply to a reviewer's finding is the person taking it in their own words.
      if (isFindingId(pathId(c))) {
        const taken = await service.acceptFinding(pathId(c), {
          body: body.body,
          ...(body.suggestion === undefined ? {} : { suggestion: body.suggestion }),
        });
        return c.json({ thread: taken.thread }, 200);
      }
      const thread = await service.draftReply(pathId(c), {
        body: body.body,
        ...(body.suggestion === undefined ? {} : { suggestion: body.suggestion }),
      });
      return c.json({ thread }, 200);
    })
    .post("/threads/:id/resolve", validJson(threadStatusBodySchema), async (c) => {
      if (isFindingId(pathId(c))) return c.json({ thread: await service.resolveFinding(pathId(c)) }, 200);
      const thread = await service.resolve(pathId(c), c.req.valid("json").body);
      return c.json({ thread }, 200);
    })
    .post("/threads/:id/reopen", validJson(threadStatusBodySchema), async (c) => {
      if (isFindingId(pathId(c))) return c.json({ thread: await service.reopenFinding(pathId(c)) }, 200);
      const thread = await service.reopen(pathId(c), c.req.valid("json").body);
      return c.json({ thread }, 200);
    })
    .post("/threads/:id/seen", async (c) => {
      if (isFindingId(pathId(c))) return c.json({ thread: await service.markFindingSeen(pathId(c)) }, 200);
      return c.json({ thread: await service.markSeen(pathId(c)) }, 200);
    });
}
