import { request } from "@octokit/request";
import { z } from "zod";
import type { Side } from "@opencode-review/core";
import type { ForgeClient, ForgeComment, ForgeReviewEvent, ForgeThread, ForgeThreads } from "./forge-client.js";
import { answerText, eachOf, readAnswer } from "./forge-answer.js";
import type { ForgeEndpoint } from "./forge-endpoint.js";
import { forgeFailure } from "./forge-failure.js";
import type { ForgeRepository } from "./forge-remote.js";
import { noTokenError } from "./forge-token.js";
import { diffSideLines } from "./diff-side-lines.js";
import { forgejoDialect, type ForgejoDialect } from "./forgejo-dialect.js";

// The fields of /api/v1 answers this client reads (Forgejo 15's and 16's and Gitea 1.26's swagger
// descriptions), checked as they come in. Go writes an absent pointer as null: optional fields are nullish.
const apiUser = z.object({ login: z.string().nullish() }).nullish();
const apiPull = z.object({
  number: z.number().int(),
  html_url: z.string(),
  updated_at: z.string().nullish(),
  head: z.object({ ref: z.string().nullish(), sha: z.string().nullish() }).nullish(),
});
const apiReview = z.object({
  id: z.number().int(),
  state: z.string().nullish(),
  comments_count: z.number().nullish(),
  html_url: z.string().nullish(),
});
const apiReviewComment = z.object({
  id: z.number().int(),
  body: z.string().nullish(),
  path: z.string().nullish(),
  position: z.number().int().nullish(),
  original_position: z.number().int().nullish(),
  /** Forgejo 16: the comment covers this many lines after its line too. */
  extra_lines_count: z.number().int().nullish(),
  commit_id: z.string().nullish(),
  diff_hunk: z.string().nullish(),
  html_url: z.string().nullish(),
  created_at: z.string().nullish(),
  pull_request_review_id: z.number().int().nullish(),
  user: apiUser,
  resolver: apiUser,
});
type ApiPull = z.infer<typeof apiPull>;
type ApiReviewComment = z.infer<typeof apiReviewComment>;
const list = z.array(z.unknown());

// Forgejo answers at most 50 items a page unless its admin raised MAX_RESPONSE_ITEMS.
const PAGE = 50;
const EVENTS: Readonly<Record<ForgeReviewEvent, string>> = {
  APPROVE: "APPROVED",
  REQUEST_CHANGES: "REQUEST_CHANGES",
  COMMENT: "COMMENT",
};

/** How a client finds Forgejo or Gitea and its token. */
export interface ForgejoClientOptions {
  readonly repository: ForgeRepository;
  readonly endpoint: ForgeEndpoint;
  /** Reads the token for one request; null when there is none. */
  readonly token: () => Promise<string | null>;
}

/**
 * Forgejo and Gitea over their REST `/api/v1` through `@octokit/request` (a plain, well-kept fetch client;
 * the routes are Forgejo's). A thread is a conversation as the forge's own page groups review comments;
 * a reply is threaded where the API allows it (Forgejo: a comment added to the conversation's review on
 * its line), else a review comment on the same line quoting the comment it answers (Gitea); a resolve is
 * sent where the API has one (Gitea 1.26+) and reported as impossible elsewhere (Forgejo).
 * @example const forgejo = createForgejoClient({ repository, endpoint, token: () => readForgeToken("forgejo", host, { env }) });
 */
export function createForgejoClient(options: ForgejoClientOptions): ForgeClient {
  const { repository, endpoint } = options;
  const context = {
    kind: "forgejo" as const,
    host: repository.host,
    repository: `${repository.owner}/${repository.repo}`,
  };
  let dialect: Promise<ForgejoDialect> | null = null;
  let account: Promise<string | null> | null = null;
  // The survey reads every thread to fingerprint them (the API has no cheaper summary): the pull's next
  // call takes them from here instead of reading them twice.
  let surveyed: { readonly pr: number; readonly threads: ForgeThreads } | null = null;

  const answering = { ...context, name: "Forgejo", variable: "FORGEJO_API_URL" };

  // The answer's body as text, read by the plain JSON.parse (see answerText): never octokit's parser.
  const send = async (
    route: string,
    parameters: Record<string, unknown> = {},
    accept = "application/json",
  ): Promise<string> => {
    const token = await options.token();
    if (token === null) throw noTokenError("forgejo", repository.host);
    try {
      const answer = await request(route, {
        baseUrl: endpoint.rest,
        // Parameters a route does not name go out as its query: only routes of the repository take these.
        ...(route.includes("{owner}") ? { owner: repository.owner, repo: repository.repo } : {}),
        ...parameters,
        headers: { authorization: `token ${token}`, accept },
        request: { signal: AbortSignal.timeout(60_000), parseSuccessResponseBody: false },
      });
      return await answerText(answer.data);
    } catch (error) {
      throw forgeFailure(error, context, token);
    }
  };
  const rest = async <T>(
    route: string,
    parameters: Record<string, unknown>,
    schema: z.ZodType<T>,
    what: string,
  ): Promise<T> => readAnswer(await send(route, parameters), schema, answering, what);
  const pages = async <T>(
    route: string,
    parameters: Record<string, unknown>,
    schema: z.ZodType<T>,
    what: string,
  ): Promise<T[]> => {
    const out: T[] = [];
    for (let page = 1; page <= 200; page++) {
      const items = await rest(route, { ...parameters, page, limit: PAGE }, z.array(schema), what);
      for (const item of items) out.push(item);
      if (items.length < PAGE) break;
    }
    return out;
  };
  // The token's account (GET /user), once per client: replies go under it, and only its comments are ours.
  const accountNow = () =>
    (account ??= rest("GET /user", {}, z.object({ login: z.string() }), "the token's account (GET /user)").then((u) =>
      u.login === "" ? null : u.login,
    ));
  const dialectNow = () =>
    (dialect ??= rest("GET /version", {}, z.object({ version: z.string() }), "its version (GET /version)").then((v) =>
      forgejoDialect(v.version),
    ));

  async function readThreads(pr: number): Promise<ForgeThreads> {
    const { groupByReview } = await dialectNow();
    const reviews = await pages(
      "GET /repos/{owner}/{repo}/pulls/{index}/reviews",
      { index: pr },
      apiReview,
      "the reviews",
    );
    const comments: ApiReviewComment[] = [];
    const skipped: string[] = [];
    for (const review of reviews) {
      // A pending review is its author's draft; a review request carries no comments.
      if (review.state === "PENDING" || review.state === "REQUEST_REVIEW" || (review.comments_count ?? 0) === 0)
        continue;
      const items = await rest(
        "GET /repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments",
        { index: pr, id: review.id },
        list,
        "a review's comments",
      );
      const each = eachOf(items, apiReviewComment, (i) => `comment ${i + 1} of review ${review.id}`);
      for (const c of each.items) comments.push(c);
      for (const line of each.skipped) skipped.push(line);
    }
    comments.sort((a, b) => (a.created_at ?? "").localeCompare(b.created_at ?? "") || a.id - b.id);
    const groups = new Map<string, ApiReviewComment[]>();
    for (const c of comments) {
      const place = placeOf(c);
      // Forgejo shows one conversation per review on a line; Gitea one per line.
      const key = `${groupByReview ? c.pull_request_review_id : ""}:${place.side}:${place.line}:${c.path}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    return { threads: [...groups.values()].map(threadOf), skipped };
  }

  return {
    kind: "forgejo",
    repository,

    async survey(target) {
      let pull: ApiPull | undefined;
      if ("branch" in target) {
        const open = await pages("GET /repos/{owner}/{repo}/pulls", { state: "open" }, apiPull, "the pull requests");
        pull = open
          .filter((p) => p.head?.ref === target.branch)
          .sort((a, b) => (b.updated_at ?? "").localeCompare(a.updated_at ?? ""))[0];
      } else {
        pull = await rest(
          "GET /repos/{owner}/{repo}/pulls/{index}",
          { index: target.number },
          apiPull,
          "the pull request",
        ).catch((error: unknown) => {
          if ((error as { code?: string }).code === "not_found") return undefined;
          throw error;
        });
      }
      if (pull === undefined) return null;
      const threads = await readThreads(pull.number);
      surveyed = { pr: pull.number, threads };
      return {
        pull: {
          number: pull.number,
          url: pull.html_url,
          headRefName: pull.head?.ref ?? "",
          headOid: pull.head?.sha ?? "",
        },
        fingerprint: threads.threads
          .map((t) => `${t.id}:${t.resolved ? 1 : 0}:${t.comments.map((c) => c.id).join(".")}`)
          .join(","),
        threads: threads.threads.length,
        login: await accountNow(),
        canResolve: (await dialectNow()).resolve,
      };
    },

    async threads(pr) {
      const taken = surveyed;
      surveyed = null;
      return taken !== null && taken.pr === pr ? taken.threads : readThreads(pr);
    },

    async findReply(pr, _thread, marker) {
      // Only a comment of the token's account is ours: anyone can write the marker's text.
      const me = await accountNow();
      if (me === null) return null;
      for (const t of (await readThreads(pr)).threads) {
        const found = t.comments.find((c) => c.login === me && c.body.includes(marker));
        if (found !== undefined) return { id: found.id, url: found.url };
      }
      return null;
    },

    async reply(pr, thread, body) {
      const at = parseThreadId(thread.id);
      const position = at.side === "old" ? { old_position: at.line } : { new_position: at.line };
      if ((await dialectNow()).threadedReply) {
        // On the conversation's review, path and line: Forgejo files it in that conversation, as its page does.
        const posted = await rest(
          "POST /repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments",
          { index: pr, id: at.review, path: at.path, body, ...position },
          apiReviewComment,
          "the posted reply",
        );
        return { id: String(posted.id), url: posted.html_url ?? "" };
      }
      // No threaded reply: a one-comment review on the same line, quoting the comment it answers.
      const answered = eachOf(
        await rest(
          "GET /repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments",
          { index: pr, id: at.review },
          list,
          "a review's comments",
        ),
        apiReviewComment,
        String,
      ).items.find((c) => String(c.id) === thread.replyTo);
      const quoted = answered === undefined ? body : `${quote(answered)}\n\n${body}`;
      const review = await rest(
        "POST /repos/{owner}/{repo}/pulls/{index}/reviews",
        { index: pr, event: "COMMENT", body: "", comments: [{ path: at.path, body: quoted, ...position }] },
        apiReview,
        "the posted review",
      );
      const [posted] = await rest(
        "GET /repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments",
        { index: pr, id: review.id },
        z.array(apiReviewComment),
        "the posted review's comments",
      );
      return { id: String(posted?.id ?? review.id), url: posted?.html_url ?? review.html_url ?? "" };
    },

    async resolve(_pr, thread) {
      if (!(await dialectNow()).resolve) return false;
      // The forge reads a conversation's resolve from its first comment.
      await send("POST /repos/{owner}/{repo}/pulls/comments/{id}/resolve", { id: Number(thread.replyTo) });
      return true;
    },

    async diffLines(pr) {
      // The files route carries no patches here: the pull request's whole diff, split per file.
      return splitDiff(await send(`GET /repos/{owner}/{repo}/pulls/${pr}.diff`, {}, "text/plain"));
    },

    async submitReview(pr, review) {
      const submitted = await rest(
        "POST /repos/{owner}/{repo}/pulls/{index}/reviews",
        {
          index: pr,
          event: EVENTS[review.event],
          body: review.body,
          comments: review.comments.map((c) => ({
            path: c.path,
            body: c.body,
            ...(c.side === "old" ? { old_position: c.line } : { new_position: c.line }),
          })),
        },
        apiReview,
        "the submitted review",
      );
      return { id: String(submitted.id), url: submitted.html_url ?? "" };
    },
  };
}

function placeOf(c: ApiReviewComment): { side: Side; line: number } {
  // The API gives a comment's line as `position` on the new side, `original_position` on the old one.
  return (c.position ?? 0) > 0 || (c.original_position ?? 0) === 0
    ? { side: "new", line: c.position ?? 0 }
    : { side: "old", line: c.original_position! };
}

function threadOf(comments: readonly ApiReviewComment[]): ForgeThread {
  const first = comments[0]!;
  const { side, line } = placeOf(first);
  const shown: ForgeComment[] = comments.map((c) => ({
    id: String(c.id),
    // A deleted account reads as the forge's "Ghost".
    login: c.user?.login ?? "Ghost",
    body: c.body ?? "",
    diffHunk: c.diff_hunk ?? "",
    commit: c.commit_id === undefined || c.commit_id === null || c.commit_id === "" ? null : c.commit_id,
    createdAt: c.created_at ?? "",
    url: c.html_url ?? "",
  }));
  // Forgejo 16's multi-line comment: `line` is the range's first line, `extra_lines_count` the lines after it.
  const extra =
    Number.isSafeInteger(first.extra_lines_count) && first.extra_lines_count! > 0 ? first.extra_lines_count! : 0;
  const start = line === 0 || extra === 0 ? null : line;
  const end = line === 0 ? null : line + extra;
  return {
    id: threadId({ review: first.pull_request_review_id ?? 0, side, line, path: first.path ?? "" }),
    path: first.path ?? "",
    side,
    originalStartLine: start,
    originalLine: end,
    // The forge keeps a comment at the line it was written on, and its API does not say when that is outdated.
    startLine: start,
    line: end,
    resolved: first.resolver !== undefined && first.resolver !== null,
    outdated: false,
    url: shown[0]!.url,
    comments: shown,
  };
}

// A thread's id names its first comment's review and its place: what a reply needs to land there.
function threadId(at: { review: number; side: Side; line: number; path: string }): string {
  return `${at.review}:${at.side}:${at.line}:${at.path}`;
}

function parseThreadId(id: string): { review: number; side: Side; line: number; path: string } {
  const [review, side, line, ...path] = id.split(":");
  return { review: Number(review), side: side === "old" ? "old" : "new", line: Number(line), path: path.join(":") };
}

// A quote is a reminder of what is answered, not a copy: a forge comment may be 65,536 characters long.
const QUOTE_CHARACTERS = 500;

function quote(c: ApiReviewComment): string {
  const body = (c.body ?? "").replace(/\n*<!-- opencode-review:[^>]* -->\s*$/, "");
  const lines = (body.length > QUOTE_CHARACTERS ? `${body.slice(0, QUOTE_CHARACTERS)}… (cut)` : body).split("\n");
  return [`> @${c.user?.login ?? "Ghost"} wrote:`, ...lines.map((l) => `> ${l}`)].join("\n");
}

function splitDiff(diff: string): Map<string, { new: ReadonlySet<number>; old: ReadonlySet<number> }> {
  const out = new Map<string, { new: ReadonlySet<number>; old: ReadonlySet<number> }>();
  for (const part of diff.split(/^diff --git /m).slice(1)) {
    const path = /^\+\+\+ b\/(.+)$/m.exec(part)?.[1] ?? /^--- a\/(.+)$/m.exec(part)?.[1];
    if (path !== undefined) out.set(path, diffSideLines(part));
  }
  return out;
}
