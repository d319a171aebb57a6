import { z } from "zod";
import { idText } from "./id-text.js";

// Query strings of the HTTP GET routes (docs/http.md). Values arrive as strings; a missing one is undefined.

/**
 * `GET /api/threads?status=&file=&at=`; `at` (a round id, or `view:staged` / `view:commit:<sha>`, the ends of
 * those diff views) locates anchors there instead of the work tree.
 */
export const threadsQuery = {
  status: z.enum(["waiting", "all", "draft"], { error: 'status must be "waiting", "all" or "draft".' }).optional(),
  file: z.string().min(1, { error: "file is empty; leave it out for every file." }).optional(),
  at: idText("at", "a round id, view:staged or view:commit:<sha>", {
    empty: "give a round id, or leave it out for the work tree.",
    orElse: (value) => value === "view:staged" || /^view:commit:[0-9a-f]{4,64}$/i.test(value),
  }).optional(),
};

/**
 * The query of `GET /api/threads`.
 * @example threadsQuerySchema.parse({ status: "draft" }) // { status: "draft" }
 */
export const threadsQuerySchema = z.object(threadsQuery);
export type ThreadsQuery = z.infer<typeof threadsQuerySchema>;

/** `GET /api/diff?from=&to=`: `from` is "base" or a round id, `to` a round id or "worktree". */
export const diffQuery = {
  from: idText("from", '"base", a round id or branch:<name>', {
    empty: 'give "base" or a round id, or leave it out.',
    // A branch name is checked by git; bounded here as git bounds a ref name.
    orElse: (value) => value.startsWith("branch:") && value.length > "branch:".length && value.length <= 300,
  }).optional(),
  to: idText("to", 'a round id or "worktree"', { empty: 'give a round id or "worktree", or leave it out.' }).optional(),
  /** One file only, with `full=1` to load it even when it is over the per-file limit (up to a hard ceiling). */
  file: z.string().min(1, { error: "file is empty; give a path from the diff, or leave it out." }).optional(),
  full: z.enum(["0", "1"], { error: 'full must be "1" (load a file too large to show by default) or "0".' }).optional(),
  /** Which diff, instead of `from`/`to`: uncommitted, staged, since-review, or commit:<sha>. */
  view: z
    .string()
    .regex(/^(uncommitted|staged|since-review|commit:[0-9a-fA-F]{4,64})$/, {
      error: "view must be uncommitted, staged, since-review or commit:<sha> (a commit of the branch), or left out.",
    })
    .optional(),
  ignoreWhitespace: z
    .enum(["0", "1"], { error: 'ignoreWhitespace must be "1" (leave out changes of whitespace alone) or "0".' })
    .optional(),
};

/**
 * The query of `GET /api/diff`.
 * @example diffQuerySchema.parse({ from: "base", to: "worktree" }) // { from: "base", to: "worktree" }
 */
export const diffQuerySchema = z.object(diffQuery);
export type DiffQuery = z.infer<typeof diffQuerySchema>;
