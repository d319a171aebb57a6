import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { forgejoSwagger, type ForgejoFlavor, type MatchedSwaggerOperation } from "./forgejo-swagger-check.js";

/** One review comment as Forgejo keeps it: `line` is negative on the old side, as in its database. */
export interface ForgejoStandInComment {
  readonly id: number;
  readonly reviewId: number;
  readonly login: string;
  readonly body: string;
  readonly path: string;
  readonly line: number;
  /** Forgejo 16: how many lines after `line` the comment covers too (0: one line). */
  readonly extraLines: number;
  readonly commit: string;
  readonly diffHunk: string;
  readonly createdAt: string;
  resolver: string | null;
}

/** A review of a pull request: its verdict, body and code comments (a reply from the page joins its review). */
export interface ForgejoStandInReview {
  readonly id: number;
  readonly login: string;
  readonly state: string;
  readonly body: string;
  readonly commitId: string;
  readonly submittedAt: string;
  readonly comments: ForgejoStandInComment[];
}

export interface ForgejoStandInPull {
  readonly number: number;
  readonly headRef: string;
  headSha: string;
  readonly poster: string;
  updatedAt: string;
  readonly reviews: ForgejoStandInReview[];
  /** The pull request's diff as `GET .../pulls/{index}.diff` answers it. */
  diff: string;
}

/** A conversation a test made: the review and the first comment; `comments` reads it as the forge's page groups it. */
export interface ForgejoStandInThread {
  readonly pull: ForgejoStandInPull;
  readonly review: ForgejoStandInReview;
  readonly first: ForgejoStandInComment;
}

/** A failure the stand-in answers instead of doing the work. */
export type ForgejoStandInFault =
  | {
      readonly kind: "status";
      readonly status: number;
      readonly body: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** Does the work, then drops the connection before answering: a response lost on the way. */
  | { readonly kind: "drop" }
  /** Answers these bytes as they are (an HTML page, broken JSON): something in front of the forge, or a broken one. */
  | { readonly kind: "raw"; readonly status: number; readonly contentType: string; readonly text: string };

export interface ForgejoStandInOptions {
  readonly flavor: ForgejoFlavor;
  readonly owner: string;
  readonly repo: string;
  /** Tokens the server accepts, each with its user and scopes (`write:repository` to post). */
  readonly tokens: Readonly<Record<string, { readonly login: string; readonly scopes: readonly string[] }>>;
}

const VERSIONS: Readonly<Record<ForgejoFlavor, string>> = {
  forgejo: "15.0.3+gitea-1.22.0",
  forgejo16: "16.0.0-dev-812-d883bd8f12+gitea-1.22.0",
  gitea: "1.26.3",
};

/**
 * A loopback stand-in for a Forgejo (or Gitea) server's /api/v1: each request is matched and checked against
 * the operations cut from the server's own swagger description (an unknown route, a wrong method, an unknown
 * query parameter or a body the schema refuses is a problem, answered 404 or 422), and each answer is checked
 * against the response schema. State: one repository, its pull requests, their reviews and comments.
 * @example const fj = await startForgejoStandIn({ flavor: "forgejo", owner: "o", repo: "r", tokens: { t: { login: "me", scopes: ["write:repository"] } } });
 */
export async function startForgejoStandIn(options: ForgejoStandInOptions) {
  const swagger = forgejoSwagger(options.flavor);
  const pulls: ForgejoStandInPull[] = [];
  const log: string[] = [];
  const problems: string[] = [];
  const faults: { readonly match: RegExp; readonly fault: ForgejoStandInFault }[] = [];
  const delays: { readonly match: RegExp; readonly ms: number }[] = [];
  let nextId = 100;
  // Before the service fixture's clock, so forge comments come before the replies written in a test.
  let clock = Date.parse("2025-06-01T10:00:00Z");
  const tick = () => new Date((clock += 1000)).toISOString().replace(/\.000Z$/, "Z");
  const htmlBase = `https://codeberg.org/${options.owner}/${options.repo}`;
  const _apiBase = `https://codeberg.org/api/v1/repos/${options.owner}/${options.repo}`;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      problems.push(`stand-in crashed: ${String(error)}`);
      send(res, 500, { message: "Internal Server Error" });
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const path = (req.url ?? "/").split("?")[0]!;
    const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
    const method = req.method ?? "GET";
    log.push(`${method} ${path}`);
    const slow = delays.find((d) => d.match.test(`${method} ${path}`));
    if (slow !== undefined) await new Promise((done) => setTimeout(done, slow.ms));

    const fault = faults.findIndex((f) => f.match.test(`${method} ${path}`));
    let drop = false;
    if (fault >= 0) {
      const f = faults.splice(fault, 1)[0]!.fault;
      if (f.kind === "status") return send(res, f.status, f.body, f.headers);
      if (f.kind === "raw") {
        res.writeHead(f.status, { "content-type": f.contentType });
        return void res.end(f.text);
      }
      drop = true;
    }
    const auth = /^token\s+(.+)$/i.exec(req.headers.authorization ?? "");
    const user = auth === null ? undefined : options.tokens[auth[1]!];
    if (user === undefined)
      return send(res, 401, { message: "invalid username, password or token", url: `${htmlBase}/api/swagger` });

    const matched = swagger.match(method, path);
    if (matched === undefined) {
      problems.push(`${method} ${path} is no operation of ${swagger.source}`);
      return send(res, 404, { errors: [], message: "not found", url: `${htmlBase}/api/swagger` });
    }
    if (method !== "GET" && !user.scopes.includes("write:repository")) {
      return send(res, 403, {
        message: "token does not have at least one of required scope(s): [write:repository]",
        url: `${htmlBase}/api/swagger`,
      });
    }
    let body: unknown;
    try {
      body = raw === "" ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      body = raw;
    }
    const refused = swagger.checkRequest(matched, query, body);
    if (refused.length > 0) {
      problems.push(`${matched.operation.operationId}: ${refused.join("; ")}`);
      return send(res, 422, { message: refused.join("; "), url: `${htmlBase}/api/swagger` });
    }
    const answer = api(matched, body, query, user.login);
    if (typeof answer.body !== "string") {
      const wrong = swagger.checkResponse(matched.operation, answer.status, withoutNulls(answer.body));
      if (wrong.length > 0)
        problems.push(
          `stand-in answered ${matched.operation.operationId} outside ${swagger.source}: ${wrong.slice(0, 3).join("; ")}`,
        );
    }
    if (drop) return void req.socket.destroy();
    return send(res, answer.status, answer.body);
  }

  function send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Readonly<Record<string, string>> = {},
  ): void {
    if (typeof body === "string") {
      res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers });
      return void res.end(body);
    }
    res.writeHead(status, status === 204 ? headers : { "content-type": "application/json;charset=utf-8", ...headers });
    res.end(status === 204 ? undefined : JSON.stringify(body));
  }

  const notFound = {
    status: 404,
    body: { errors: [], message: "The target couldn't be found.", url: `${htmlBase}/api/swagger` },
  };
  const pullOf = (n: string | undefined) => pulls.find((p) => String(p.number) === n);

  function api(
    matched: MatchedSwaggerOperation,
    body: unknown,
    query: URLSearchParams,
    login: string,
  ): { status: number; body: unknown } {
    const { params } = matched;
    const limit = Math.min(50, Number(query.get("limit") ?? 50));
    const page = Number(query.get("page") ?? 1);
    const paged = <T>(items: readonly T[]) => items.slice((page - 1) * limit, page * limit);
    if (matched.operation.operationId === "getVersion")
      return { status: 200, body: { version: VERSIONS[options.flavor] } };
    if (matched.operation.operationId === "userGetCurrent") return { status: 200, body: apiUser(login) };
    if (params.owner !== options.owner || params.repo !== options.repo) return notFound;
    if (matched.operation.operationId === "repoListPullRequests") {
      return { status: 200, body: paged(query.get("state") === "closed" ? [] : pulls).map(apiPull) };
    }
    if (matched.operation.operationId === "repoResolvePullReviewComment") {
      const comment = pulls
        .flatMap((p) => p.reviews.flatMap((r) => r.comments))
        .find((c) => String(c.id) === params.id);
      if (comment === undefined) return notFound;
      comment.resolver = login;
      return { status: 204, body: undefined };
    }
    const pull = pullOf(params.index);
    if (pull === undefined) return notFound;
    switch (matched.operation.operationId) {
      case "repoGetPullRequest":
        return { status: 200, body: apiPull(pull) };
      case "repoDownloadPullDiffOrPatch":
        return { status: 200, body: pull.diff };
      case "repoListPullReviews":
        return { status: 200, body: paged(pull.reviews).map((r) => apiReview(pull, r)) };
      case "repoGetPullReviewComments": {
        const review = pull.reviews.find((r) => String(r.id) === params.id);
        return review === undefined ? notFound : { status: 200, body: review.comments.map((c) => apiComment(pull, c)) };
      }
      case "repoCreatePullReviewComment": {
        const review = pull.reviews.find((r) => String(r.id) === params.id);
        if (review === undefined) return notFound;
        const input = body as { path?: string; body?: string; new_position?: number; old_position?: number };
        const line = (input.old_position ?? 0) > 0 ? -input.old_position! : (input.new_position ?? 0);
        // As Forgejo does: on a line the review already has, the comment takes that conversation's commit and hunk.
        const first = review.comments.find((c) => c.path === input.path && c.line === line);
        const comment = makeComment({
          reviewId: review.id,
          login,
          body: input.body ?? "",
          path: input.path ?? "",
          line,
          commit: first?.commit ?? pull.headSha,
          diffHunk: first?.diffHunk,
        });
        review.comments.push(comment);
        pull.updatedAt = tick();
        return { status: 200, body: apiComment(pull, comment) };
      }
      case "repoCreatePullReview": {
        const input = body as {
          event?: string;
          body?: string;
          commit_id?: string;
          comments?: { path?: string; body?: string; new_position?: number; old_position?: number }[];
        };
        const hasBody = (input.body ?? "").trim() !== "";
        const event = input.event ?? "";
        // Forgejo's rules for a review's event and body (its API answers 422 otherwise).
        if ((event === "APPROVED" || event === "REQUEST_CHANGES") && pull.poster === login)
          return {
            status: 422,
            body: { message: "approve or reject your own pull is not allowed", url: `${htmlBase}/api/swagger` },
          };
        if (event === "REQUEST_CHANGES" && !hasBody)
          return {
            status: 422,
            body: { message: `review event ${event} requires a body`, url: `${htmlBase}/api/swagger` },
          };
        if (event === "COMMENT" && !hasBody && (input.comments ?? []).length === 0)
          return {
            status: 422,
            body: { message: `review event ${event} requires a body or a comment`, url: `${htmlBase}/api/swagger` },
          };
        const state = ["APPROVED", "REQUEST_CHANGES", "COMMENT"].includes(event) ? event : "PENDING";
        const review: ForgejoStandInReview = {
          id: nextId++,
          login,
          state,
          body: input.body ?? "",
          commitId: input.commit_id || pull.headSha,
          submittedAt: tick(),
          comments: [],
        };
        for (const c of input.comments ?? []) {
          const line = (c.old_position ?? 0) > 0 ? -c.old_position! : (c.new_position ?? 0);
          review.comments.push(
            makeComment({
              reviewId: review.id,
              login,
              body: c.body ?? "",
              path: c.path ?? "",
              line,
              commit: review.commitId,
            }),
          );
        }
        pull.reviews.push(review);
        pull.updatedAt = tick();
        return { status: 200, body: apiReview(pull, review) };
      }
      default:
        return notFound;
    }
  }

  function apiUser(login: string) {
    return {
      id: login.length,
      login,
      login_name: "",
      full_name: "",
      email: `${login}@noreply.codeberg.org`,
      avatar_url: `${htmlBase}/avatars/${login}`,
      html_url: `https://codeberg.org/${login}`,
      language: "",
      is_admin: false,
      active: true,
      restricted: false,
      prohibit_login: false,
      visibility: "public",
      created: "2025-01-01T00:00:00Z",
      last_login: "2025-01-01T00:00:00Z",
      location: "",
      website: "",
      description: "",
      followers_count: 0,
      following_count: 0,
      starred_repos_count: 0,
      pronouns: "",
      source_id: 0,
    };
  }

  function apiPull(pull: ForgejoStandInPull) {
    const branch = (ref: string, sha: string) => ({ label: ref, ref, sha, repo_id: 1 });
    return {
      id: pull.number,
      number: pull.number,
      user: apiUser(pull.poster),
      title: `Pull request ${pull.number}`,
      body: "",
      state: "open",
      html_url: `${htmlBase}/pulls/${pull.number}`,
      url: `${htmlBase}/pulls/${pull.number}`,
      diff_url: `${htmlBase}/pulls/${pull.number}.diff`,
      patch_url: `${htmlBase}/pulls/${pull.number}.patch`,
      head: branch(pull.headRef, pull.headSha),
      base: branch("main", "0".repeat(40)),
      merged: false,
      mergeable: true,
      draft: false,
      is_locked: false,
      comments: 0,
      review_comments: pull.reviews.reduce((n, r) => n + r.comments.length, 0),
      created_at: "2025-06-01T09:00:00Z",
      updated_at: pull.updatedAt,
      labels: [],
      assignees: [],
      requested_reviewers: [],
      requested_reviewers_teams: [],
      additions: 0,
      deletions: 0,
      changed_files: 0,
      merge_base: "0".repeat(40),
      allow_maintainer_edit: false,
      flow: 0,
      pin_order: 0,
    };
  }

  function apiReview(pull: ForgejoStandInPull, r: ForgejoStandInReview) {
    return {
      id: r.id,
      user: apiUser(r.login),
      body: r.body,
      state: r.state,
      commit_id: r.commitId,
      stale: r.commitId !== pull.headSha,
      official: false,
      dismissed: false,
      comments_count: r.comments.length,
      submitted_at: r.submittedAt,
      updated_at: r.submittedAt,
      html_url: `${htmlBase}/pulls/${pull.number}#issuecomment-${r.id}`,
      pull_request_url: `${htmlBase}/pulls/${pull.number}`,
    };
  }

  function apiComment(pull: ForgejoStandInPull, c: ForgejoStandInComment) {
    return {
      id: c.id,
      body: c.body,
      user: apiUser(c.login),
      resolver: c.resolver === null ? null : apiUser(c.resolver),
      pull_request_review_id: c.reviewId,
      created_at: c.createdAt,
      updated_at: c.createdAt,
      path: c.path,
      commit_id: c.commit,
      original_commit_id: "",
      diff_hunk: c.diffHunk,
      position: Math.max(c.line, 0),
      original_position: c.line < 0 ? -c.line : 0,
      // Only Forgejo 16's description has the field: older servers send no such thing.
      ...(options.flavor === "forgejo16" ? { extra_lines_count: c.extraLines } : {}),
      html_url: `${htmlBase}/pulls/${pull.number}/files#issuecomment-${c.id}`,
      pull_request_url: `${htmlBase}/pulls/${pull.number}`,
    };
  }

  function makeComment(input: {
    reviewId: number;
    login: string;
    body: string;
    path: string;
    line: number;
    extraLines?: number;
    commit: string;
    diffHunk?: string;
  }): ForgejoStandInComment {
    const at = Math.abs(input.line);
    return {
      ...input,
      extraLines: input.extraLines ?? 0,
      id: nextId++,
      diffHunk: input.diffHunk ?? `@@ -${at},1 +${at},1 @@\n line ${at}`,
      createdAt: tick(),
      resolver: null,
    };
  }

  return {
    url,
    flavor: options.flavor,
    pulls,
    /** Every request, in order: `GET /api/v1/repos/...`. */
    log,
    /** Requests the real server would refuse, and answers outside its description: a test expects none. */
    problems,
    addPull(input: { number: number; headRef: string; headSha: string; poster?: string }): ForgejoStandInPull {
      const pull: ForgejoStandInPull = { poster: "author", ...input, updatedAt: tick(), reviews: [], diff: "" };
      pulls.push(pull);
      return pull;
    },
    /** A reviewer submits a review with one comment on a line (`side` old: a deleted line). */
    addThread(
      pull: ForgejoStandInPull,
      input: {
        login: string;
        body: string;
        path: string;
        line: number;
        commit: string;
        diffHunk?: string;
        side?: "old" | "new";
        resolved?: boolean;
        /** Forgejo 16: a comment on `line` and this many lines after it. */
        extraLines?: number;
      },
    ): ForgejoStandInThread {
      const review: ForgejoStandInReview = {
        id: nextId++,
        login: input.login,
        state: "COMMENT",
        body: "",
        commitId: input.commit,
        submittedAt: tick(),
        comments: [],
      };
      const first = makeComment({
        reviewId: review.id,
        login: input.login,
        body: input.body,
        path: input.path,
        line: input.side === "old" ? -input.line : input.line,
        extraLines: input.extraLines ?? 0,
        commit: input.commit,
        diffHunk: input.diffHunk,
      });
      if (input.resolved === true) first.resolver = input.login;
      review.comments.push(first);
      pull.reviews.push(review);
      pull.updatedAt = tick();
      return { pull, review, first };
    },
    /** Someone answers in the conversation on the forge's page: the comment joins the conversation's review. */
    reply(thread: ForgejoStandInThread, login: string, body: string): ForgejoStandInComment {
      const comment = makeComment({
        reviewId: thread.review.id,
        login,
        body,
        path: thread.first.path,
        line: thread.first.line,
        commit: thread.first.commit,
        diffHunk: thread.first.diffHunk,
      });
      thread.review.comments.push(comment);
      thread.pull.updatedAt = tick();
      return comment;
    },
    /** Someone resolves (or reopens) the conversation on the forge's page: its first comment carries the resolver. */
    setResolved(thread: ForgejoStandInThread, resolved: boolean, login: string): void {
      thread.first.resolver = resolved ? login : null;
    },
    /** The conversation's comments in order, grouped as the forge's page groups them (Forgejo: per review; Gitea: per line). */
    comments(thread: ForgejoStandInThread): ForgejoStandInComment[] {
      return thread.pull.reviews
        .filter((r) => options.flavor === "gitea" || r.id === thread.review.id)
        .flatMap((r) => r.comments)
        .filter((c) => c.path === thread.first.path && c.line === thread.first.line)
        .sort((a, b) => a.id - b.id);
    },
    /** Every request matching `match` waits `ms` before it is handled: a slow forge (e.g. 1.5 s per POST). */
    delay(match: RegExp, ms: number): void {
      delays.push({ match, ms });
    },
    /** The next request matching `match` (e.g. /^POST /) gets `fault` instead of its answer. */
    failNext(match: RegExp, fault: ForgejoStandInFault): void {
      faults.push({ match, fault });
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type ForgejoStandIn = Awaited<ReturnType<typeof startForgejoStandIn>>;

// Go encodes an absent pointer as null, which the swagger description (2.0, without nullable) cannot say.
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}
