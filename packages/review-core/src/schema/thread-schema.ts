import { z } from "zod";

// The Thread JSON of docs/concepts.md ("Thread JSON"), as the tools' metadata and the HTTP answers carry it. It is here
// for contract tests: parse what a route or a tool returned, and a field that drifted fails by name.

const time = z.iso.datetime({ offset: true });
const line = z.number().int().min(1);
const author = z.enum(["human", "agent"]);

/** One message of a thread. */
export const messageSchema = z.object({
  id: z.string().min(1),
  author,
  body: z.string(),
  suggestion: z.array(z.string()).nullable(),
  createdAt: time,
  delivery: z.enum(["unsent", "sent", "delivered"]),
  claim: z
    .object({ resolved: z.literal(true), accepted: z.boolean(), reason: z.string().min(1).optional() })
    .strict()
    .optional(),
  login: z.string().min(1).optional(),
  forge: z
    .object({
      id: z.string().min(1).optional(),
      url: z.string().optional(),
      state: z.enum(["queued", "sending", "posted", "failed"]),
      error: z.string().optional(),
    })
    .optional(),
});

const notChanged = z.undefined({ error: "whitespaceOnly is set only on a changed thread." }).optional();

/** Where a thread's lines are now, by state: both ends or neither (whole file); none when outdated. */
export const locationSchema = z
  .discriminatedUnion("state", [
    z.object({
      state: z.enum(["current", "moved"]),
      start: line.nullable(),
      end: line.nullable(),
      whitespaceOnly: notChanged,
    }),
    z.object({
      state: z.literal("changed"),
      start: line.nullable(),
      end: line.nullable(),
      whitespaceOnly: z.boolean().optional(),
    }),
    z.object({
      state: z.literal("outdated"),
      start: z.null({ error: "an outdated thread has no lines now: start is null." }),
      end: z.null({ error: "an outdated thread has no lines now: end is null." }),
      whitespaceOnly: notChanged,
    }),
  ])
  .superRefine((location, ctx) => checkRange(location.start, location.end, ctx));

/**
 * A thread as the contract shows it, with the rules that tie its fields together.
 * @example threadSchema.safeParse(await (await fetch(url)).json()).success
 */
export const threadSchema = z
  .object({
    id: z.string().min(1),
    file: z.string().min(1),
    side: z.enum(["new", "old"]),
    start: line.nullable(),
    end: line.nullable(),
    round: z.object({ id: z.string().min(1), ordinal: z.number().int().min(1) }),
    // Each quoted line starts with its diff marker.
    quoted: z.array(z.string().regex(/^[+\- ]/, { error: 'a quoted line starts with its marker: "+", "-" or " ".' })),
    context: z.object({ before: z.array(z.string()).max(3), after: z.array(z.string()).max(3) }),
    anchor: locationSchema,
    status: z.enum(["draft", "open", "resolved"]),
    awaiting: z.enum(["agent", "human"]).nullable(),
    origin: z.enum(["human", "agent", "forge"]),
    forge: z
      .object({
        kind: z.enum(["github", "forgejo"]),
        pr: z.number().int().min(1),
        url: z.string(),
        threadId: z.string().min(1),
      })
      .optional(),
    resolvedAt: time.nullable(),
    resolvedBy: author.nullable(),
    unreadByHuman: z.boolean(),
    // A thread is opened with its first message; deleting a draft thread's only message deletes the thread.
    messages: z.array(messageSchema).min(1),
    createdAt: time,
    updatedAt: time,
  })
  .superRefine((thread, ctx) => {
    checkRange(thread.start, thread.end, ctx);
    if (thread.status === "resolved" && (thread.resolvedAt === null || thread.resolvedBy === null)) {
      ctx.addIssue({
        code: "custom",
        path: ["resolvedAt"],
        input: thread.resolvedAt,
        message: "a resolved thread has resolvedAt and resolvedBy.",
      });
    }
    if ((thread.resolvedAt === null) !== (thread.resolvedBy === null)) {
      ctx.addIssue({
        code: "custom",
        path: ["resolvedBy"],
        input: thread.resolvedBy,
        message: "resolvedAt and resolvedBy are set together, or both null.",
      });
    }
  });
export type ThreadJson = z.infer<typeof threadSchema>;

function checkRange(start: number | null, end: number | null, ctx: z.RefinementCtx): void {
  if ((start === null) !== (end === null)) {
    ctx.addIssue({
      code: "custom",
      path: ["end"],
      input: end,
      message: "start and end are both numbers or both null.",
    });
  } else if (start !== null && end !== null && end < start) {
    ctx.addIssue({ code: "custom", path: ["end"], input: end, message: `end (${end}) is before start (${start}).` });
  }
}
