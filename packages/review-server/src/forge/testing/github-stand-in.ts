import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { buildClientSchema, execute, parse, validate, type GraphQLSchema, type IntrospectionQuery } from "graphql";
import { githubOpenApi, type MatchedOperation } from "./github-openapi-check.js";
import { queryCost } from "./github-query-cost.js";

const require = createRequire(import.meta.url);

/** One review comment as GitHub keeps it. */
export interface StandInComment {
  readonly databaseId: number;
  readonly id: string;
  readonly login: string;
  body: string;
  readonly diffHunk: string;
  readonly commit: string;
  readonly originalCommit: string;
  readonly createdAt: string;
  /** The comment it answers (REST `in_reply_to_id`); null for a thread's first comment. */
  readonly replyTo: number | null;
}

/** One review thread of a pull request. */
export interface StandInThread {
  readonly id: string;
  readonly path: string;
  readonly line: number | null;
  readonly startLine: number | null;
  readonly originalLine: number;
  readonly originalStartLine: number | null;
  readonly diffSide: "LEFT" | "RIGHT";
  isResolved: boolean;
  isOutdated: boolean;
  resolvedBy: string | null;
  readonly comments: StandInComment[];
}

/** A review submitted through REST. */
export interface StandInReview {
  readonly id: number;
  readonly event: string;
  readonly body: string;
  readonly commitId: string;
  readonly comments: readonly {
    readonly path: string;
    readonly line?: number;
    readonly side?: string;
    readonly body: string;
  }[];
  readonly login: string;
}

export interface StandInPull {
  readonly number: number;
  readonly headRefName: string;
  readonly baseRefName: string;
  headRefOid: string;
  updatedAt: string;
  readonly threads: StandInThread[];
  readonly reviews: StandInReview[];
  /** The pull request's files as REST lists them, with their unified-diff `patch`. */
  files: { readonly filename: string; readonly patch: string }[];
}

/** A failure the stand-in answers instead of doing the work, as GitHub would answer it. */
export type StandInFault =
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

export interface GitHubStandInOptions {
  readonly owner: string;
  readonly repo: string;
  /** Tokens GitHub accepts, each with its user and OAuth scopes. */
  readonly tokens: Readonly<Record<string, { readonly login: string; readonly scopes: readonly string[] }>>;
}

/** What the stand-in counted, as GitHub's rate limits count it. */
export interface StandInCounters {
  graphqlRequests: number;
  graphqlPoints: number;
  restCalls: number;
  /** Every request, in order: `POST /graphql` or `POST /repos/...`. */
  readonly log: string[];
}

/** GitHub's API schema from `@octokit/graphql-schema` (the introspection result GitHub publishes). */
export function githubSchema(): GraphQLSchema {
  // The package exports only its module; its schema.json is found beside it in node_modules.
  const path = (require.resolve.paths("@octokit/graphql-schema") ?? [])
    .map((dir) => join(dir, "@octokit", "graphql-schema", "schema.json"))
    .find((candidate) => existsSync(candidate));
  if (path === undefined)
    throw new Error("@octokit/graphql-schema is not installed (a devDependency of opencode-review)");
  const introspection = JSON.parse(readFileSync(path, "utf8")) as { data?: IntrospectionQuery } & IntrospectionQuery;
  return buildClientSchema(introspection.data ?? introspection);
}

/**
 * A loopback stand-in for GitHub: GraphQL executed by graphql-js against GitHub's published schema, so a
 * query GitHub refuses fails here too, and REST requests checked against GitHub's OpenAPI description, with
 * its answers checked too (`problems` lists whatever broke either). State: one repository and its pull requests.
 * @example const gh = await startGitHubStandIn({ owner: "o", repo: "r", tokens: { t: { login: "me", scopes: ["repo"] } } });
 */
export async function startGitHubStandIn(options: GitHubStandInOptions) {
  const schema = githubSchema();
  const openapi = githubOpenApi();
  const pulls: StandInPull[] = [];
  const counters: StandInCounters = { graphqlRequests: 0, graphqlPoints: 0, restCalls: 0, log: [] };
  const problems: string[] = [];
  const faults: { readonly match: RegExp; readonly fault: StandInFault }[] = [];
  const delays: { readonly match: RegExp; readonly ms: number }[] = [];
  // While set, every answer waits for it: a slow GitHub, released by the test.
  let held: Promise<void> | null = null;
  let nextId = 1000;
  // Before the service fixture's clock, so forge comments come before the replies written in a test.
  let clock = Date.parse("2025-06-01T10:00:00Z");
  const tick = () => new Date((clock += 1000)).toISOString();
  const htmlBase = `https://github.com/${options.owner}/${options.repo}`;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      problems.push(`stand-in crashed: ${String(error)}`);
      send(res, 500, { message: "Server Error" });
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const pullOf = (number: number) => pulls.find((p) => p.number === number);
  const threadOfComment = (pull: StandInPull, id: number) =>
    pull.threads.find((t) => t.comments.some((c) => c.databaseId === id));
  const commentUrl = (pull: StandInPull, id: number) => `${htmlBase}/pull/${pull.number}#discussion_r${id}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const path = (req.url ?? "/").split("?")[0]!;
    const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
    const method = req.method ?? "GET";
    counters.log.push(`${method} ${path}`);
    const slow = delays.find((d) => d.match.test(`${method} ${path}`));
    if (slow !== undefined) await new Promise((done) => setTimeout(done, slow.ms));
    if (held !== null) await held;

    const auth = /^(?:token|bearer)\s+(.+)$/i.exec(req.headers.authorization ?? "");
    const user = auth === null ? undefined : options.tokens[auth[1]!];
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
    if (user === undefined)
      return send(res, 401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });
    const headers = {
      "x-oauth-scopes": user.scopes.join(", "),
      "x-ratelimit-remaining": "4999",
      "x-ratelimit-reset": "1780000000",
    };

    // A classic token writes to a repository only with a repo scope; reading a public one needs none.
    const mayWrite = user.scopes.includes("repo") || user.scopes.includes("public_repo");
    if (method === "POST" && path === "/graphql") {
      counters.graphqlRequests++;
      const { query: text, variables = {} } = JSON.parse(raw) as { query: string; variables?: Record<string, unknown> };
      const document = parse(text);
      const invalid = validate(schema, document);
      if (invalid.length > 0) return send(res, 200, { errors: invalid.map((e) => ({ message: e.message })) }, headers);
      const mutation = document.definitions.some((d) => d.kind === "OperationDefinition" && d.operation === "mutation");
      if (mutation && !mayWrite) {
        return send(
          res,
          200,
          {
            data: null,
            errors: [
              {
                type: "INSUFFICIENT_SCOPES",
                message: `Your token has not been granted the required scopes to execute this query. The 'resolveReviewThread' field requires one of the following scopes: ['repo'], but your token has only been granted the: [${user.scopes.map((x) => `'${x}'`).join(", ")}] scopes.`,
              },
            ],
          },
          headers,
        );
      }
      const cost = queryCost(schema, document, variables);
      if (cost.errors.length > 0)
        return send(
          res,
          200,
          { errors: cost.errors.map((message) => ({ type: "MISSING_PAGINATION_BOUNDARIES", message })) },
          headers,
        );
      counters.graphqlPoints += cost.points;
      const result = await execute({ schema, document, variableValues: variables, rootValue: root(user) });
      if (drop) return void req.socket.destroy();
      return send(res, 200, result, headers);
    }

    counters.restCalls++;
    const matched = openapi.match(method, path);
    if (matched === undefined) {
      problems.push(`${method} ${path} is no operation of GitHub's REST API (${openapi.source})`);
      return send(res, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
    }
    if (method !== "GET" && !mayWrite)
      return send(
        res,
        403,
        {
          message: "Resource not accessible by personal access token",
          documentation_url: "https://docs.github.com/rest",
        },
        headers,
      );
    const body = raw === "" ? undefined : (JSON.parse(raw) as unknown);
    const refused = openapi.checkRequest(matched.operation, body);
    if (refused.length > 0) {
      problems.push(`${matched.operation.operationId}: ${refused.join("; ")}`);
      return send(res, 422, {
        message: "Validation Failed",
        errors: refused,
        documentation_url: "https://docs.github.com/rest",
      });
    }
    const answer = rest(matched, body, query, user.login);
    const wrong = openapi.checkResponse(matched.operation, answer.status, answer.body);
    if (wrong.length > 0)
      problems.push(
        `stand-in answered ${matched.operation.operationId} outside GitHub's description: ${wrong.slice(0, 3).join("; ")}`,
      );
    if (drop) return void req.socket.destroy();
    return send(res, answer.status, answer.body, headers);
  }

  function send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Readonly<Record<string, string>> = {},
  ): void {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
  }

  // GraphQL: plain objects and functions the default resolver reads (interfaces carry __typename).
  function root(viewer: { readonly login: string }) {
    const actor = (login: string) => ({ __typename: "User", login });
    const commentNode = (pull: StandInPull, c: StandInComment) => ({
      __typename: "PullRequestReviewComment",
      id: c.id,
      databaseId: c.databaseId,
      author: actor(c.login),
      body: c.body,
      diffHunk: c.diffHunk,
      createdAt: c.createdAt,
      url: commentUrl(pull, c.databaseId),
      commit: { oid: c.commit },
      originalCommit: { oid: c.originalCommit },
      replyTo: c.replyTo === null ? null : { databaseId: c.replyTo },
    });
    const page = <T, N>(items: readonly T[], args: { first?: number; after?: string }, node: (item: T) => N) => {
      const from =
        args.after === undefined || args.after === null
          ? 0
          : Number(Buffer.from(args.after, "base64").toString("utf8").split(":")[1]);
      const size = args.first ?? items.length;
      const slice = items.slice(from, from + size);
      const cursor = (i: number) => Buffer.from(`cursor:${i}`).toString("base64");
      return {
        totalCount: items.length,
        nodes: slice.map(node),
        pageInfo: {
          hasNextPage: from + size < items.length,
          endCursor: slice.length === 0 ? null : cursor(from + slice.length),
          hasPreviousPage: from > 0,
          startCursor: cursor(from),
        },
      };
    };
    const threadNode = (pull: StandInPull, t: StandInThread) => ({
      __typename: "PullRequestReviewThread",
      id: t.id,
      path: t.path,
      line: t.line,
      startLine: t.startLine,
      originalLine: t.originalLine,
      originalStartLine: t.originalStartLine,
      diffSide: t.diffSide,
      isResolved: t.isResolved,
      isOutdated: t.isOutdated,
      resolvedBy: t.resolvedBy === null ? null : actor(t.resolvedBy),
      comments: (args: { first?: number; after?: string }) => page(t.comments, args, (c) => commentNode(pull, c)),
    });
    const pullNode = (pull: StandInPull) => ({
      __typename: "PullRequest",
      number: pull.number,
      url: `${htmlBase}/pull/${pull.number}`,
      headRefName: pull.headRefName,
      baseRefName: pull.baseRefName,
      headRefOid: pull.headRefOid,
      updatedAt: pull.updatedAt,
      state: "OPEN",
      reviewThreads: (args: { first?: number; after?: string }) => page(pull.threads, args, (t) => threadNode(pull, t)),
    });
    const threadById = (id: string) => {
      for (const pull of pulls) for (const t of pull.threads) if (t.id === id) return { pull, thread: t };
      return undefined;
    };
    return {
      viewer: { __typename: "User", login: viewer.login },
      rateLimit: { cost: 1, limit: 5000, remaining: 4999, resetAt: "2026-12-01T12:00:00Z", used: 1, nodeCount: 1 },
      repository: (args: { owner: string; name: string }) =>
        args.owner !== options.owner || args.name !== options.repo
          ? null
          : {
              __typename: "Repository",
              nameWithOwner: `${options.owner}/${options.repo}`,
              pullRequest: (a: { number: number }) => {
                const pull = pullOf(a.number);
                return pull === undefined ? null : pullNode(pull);
              },
              pullRequests: (a: { headRefName?: string; first?: number; after?: string }) =>
                page(
                  pulls.filter((p) => a.headRefName === undefined || p.headRefName === a.headRefName),
                  a,
                  pullNode,
                ),
            },
      node: (args: { id: string }) => {
        const found = threadById(args.id);
        return found === undefined ? null : threadNode(found.pull, found.thread);
      },
      resolveReviewThread: (args: { input: { threadId: string } }) => {
        const found = threadById(args.input.threadId);
        if (found === undefined)
          throw new Error(`Could not resolve to a node with the global id of '${args.input.threadId}'`);
        found.thread.isResolved = true;
        found.thread.resolvedBy = viewer.login;
        return { thread: threadNode(found.pull, found.thread) };
      },
      unresolveReviewThread: (args: { input: { threadId: string } }) => {
        const found = threadById(args.input.threadId);
        if (found === undefined)
          throw new Error(`Could not resolve to a node with the global id of '${args.input.threadId}'`);
        found.thread.isResolved = false;
        found.thread.resolvedBy = null;
        return { thread: threadNode(found.pull, found.thread) };
      },
    };
  }

  // REST: answers shaped as GitHub's description has them (checked by checkResponse above).
  function rest(
    matched: MatchedOperation,
    body: unknown,
    query: URLSearchParams,
    login: string,
  ): { status: number; body: unknown } {
    const pull = pullOf(Number(matched.params.pull_number));
    if (pull === undefined)
      return { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" } };
    const perPage = Math.min(100, Number(query.get("per_page") ?? 30));
    const pageNumber = Number(query.get("page") ?? 1);
    switch (matched.operation.operationId) {
      case "pulls/list-review-comments": {
        const all = pull.threads.flatMap((t) => t.comments.map((c) => ({ t, c })));
        return {
          status: 200,
          body: all.slice((pageNumber - 1) * perPage, pageNumber * perPage).map(({ t, c }) => restComment(pull, t, c)),
        };
      }
      case "pulls/create-reply-for-review-comment": {
        const to = Number(matched.params.comment_id);
        const thread = threadOfComment(pull, to);
        if (thread === undefined)
          return { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" } };
        const first = thread.comments[0]!;
        const comment = makeComment({
          login,
          body: (body as { body: string }).body,
          diffHunk: first.diffHunk,
          commit: pull.headRefOid,
          replyTo: first.databaseId,
        });
        thread.comments.push(comment);
        pull.updatedAt = tick();
        return { status: 201, body: restComment(pull, thread, comment) };
      }
      case "pulls/list-files":
        return {
          status: 200,
          body: pull.files.slice((pageNumber - 1) * perPage, pageNumber * perPage).map((f) => restFile(f)),
        };
      case "pulls/create-review": {
        const input = body as {
          event?: string;
          body?: string;
          commit_id?: string;
          comments?: StandInReview["comments"];
        };
        const id = nextId++;
        pull.reviews.push({
          id,
          event: input.event ?? "PENDING",
          body: input.body ?? "",
          commitId: input.commit_id ?? pull.headRefOid,
          comments: input.comments ?? [],
          login,
        });
        // Each line comment of a submitted review starts a review thread, as on GitHub.
        for (const c of input.comments ?? []) {
          if (c.line === undefined) continue;
          const comment = makeComment({
            login,
            body: c.body,
            diffHunk: `@@ -${c.line},1 +${c.line},1 @@\n line ${c.line}`,
            commit: input.commit_id ?? pull.headRefOid,
            replyTo: null,
          });
          pull.threads.push({
            id: `PRRT_${comment.databaseId}`,
            path: c.path,
            line: c.line,
            startLine: null,
            originalLine: c.line,
            originalStartLine: null,
            diffSide: c.side === "LEFT" ? "LEFT" : "RIGHT",
            isResolved: false,
            isOutdated: false,
            resolvedBy: null,
            comments: [comment],
          });
        }
        pull.updatedAt = tick();
        return {
          status: 200,
          body: {
            id,
            node_id: `PRR_${id}`,
            user: restUser(login),
            body: input.body ?? "",
            state:
              input.event === "APPROVE"
                ? "APPROVED"
                : input.event === "REQUEST_CHANGES"
                  ? "CHANGES_REQUESTED"
                  : "COMMENTED",
            commit_id: input.commit_id ?? pull.headRefOid,
            html_url: `${htmlBase}/pull/${pull.number}#pullrequestreview-${id}`,
            pull_request_url: `https://api.github.com/repos/${options.owner}/${options.repo}/pulls/${pull.number}`,
            _links: {
              html: { href: `${htmlBase}/pull/${pull.number}#pullrequestreview-${id}` },
              pull_request: {
                href: `https://api.github.com/repos/${options.owner}/${options.repo}/pulls/${pull.number}`,
              },
            },
            author_association: "OWNER",
            submitted_at: tick(),
          },
        };
      }
      default:
        return { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" } };
    }
  }

  function restUser(login: string) {
    const api = `https://api.github.com/users/${login}`;
    return {
      login,
      id: 1,
      node_id: "U_1",
      avatar_url: "https://avatars.githubusercontent.com/u/1",
      gravatar_id: "",
      url: api,
      html_url: `https://github.com/${login}`,
      followers_url: `${api}/followers`,
      following_url: `${api}/following{/other_user}`,
      gists_url: `${api}/gists{/gist_id}`,
      starred_url: `${api}/starred{/owner}{/repo}`,
      subscriptions_url: `${api}/subscriptions`,
      organizations_url: `${api}/orgs`,
      repos_url: `${api}/repos`,
      events_url: `${api}/events{/privacy}`,
      received_events_url: `${api}/received_events`,
      type: "User",
      site_admin: false,
    };
  }

  function restComment(pull: StandInPull, thread: StandInThread, c: StandInComment) {
    const api = `https://api.github.com/repos/${options.owner}/${options.repo}/pulls/comments/${c.databaseId}`;
    const pullApi = `https://api.github.com/repos/${options.owner}/${options.repo}/pulls/${pull.number}`;
    return {
      url: api,
      id: c.databaseId,
      node_id: c.id,
      pull_request_review_id: 1,
      diff_hunk: c.diffHunk,
      path: thread.path,
      commit_id: c.commit,
      original_commit_id: c.originalCommit,
      user: restUser(c.login),
      body: c.body,
      created_at: c.createdAt,
      updated_at: c.createdAt,
      html_url: commentUrl(pull, c.databaseId),
      pull_request_url: pullApi,
      author_association: "OWNER",
      _links: { self: { href: api }, html: { href: commentUrl(pull, c.databaseId) }, pull_request: { href: pullApi } },
      ...(c.replyTo === null ? {} : { in_reply_to_id: c.replyTo }),
      line: thread.line ?? undefined,
      original_line: thread.originalLine,
      side: thread.diffSide,
    };
  }

  function restFile(f: { readonly filename: string; readonly patch: string }) {
    const lines = f.patch.split("\n");
    const additions = lines.filter((l) => l.startsWith("+")).length;
    const deletions = lines.filter((l) => l.startsWith("-")).length;
    return {
      sha: "0".repeat(40),
      filename: f.filename,
      status: "modified",
      additions,
      deletions,
      changes: additions + deletions,
      blob_url: `${htmlBase}/blob/HEAD/${f.filename}`,
      raw_url: `${htmlBase}/raw/HEAD/${f.filename}`,
      contents_url: `https://api.github.com/repos/${options.owner}/${options.repo}/contents/${f.filename}`,
      patch: f.patch,
    };
  }

  function makeComment(input: {
    login: string;
    body: string;
    diffHunk: string;
    commit: string;
    replyTo: number | null;
    originalCommit?: string;
  }): StandInComment {
    const databaseId = nextId++;
    return {
      databaseId,
      id: `PRRC_${databaseId}`,
      login: input.login,
      body: input.body,
      diffHunk: input.diffHunk,
      commit: input.commit,
      originalCommit: input.originalCommit ?? input.commit,
      createdAt: tick(),
      replyTo: input.replyTo,
    };
  }

  return {
    url,
    graphqlUrl: `${url}/graphql`,
    pulls,
    counters,
    /** Requests the real GitHub would refuse, and answers outside its description: a test expects none. */
    problems,
    resetCounters(): void {
      counters.graphqlRequests = 0;
      counters.graphqlPoints = 0;
      counters.restCalls = 0;
      counters.log.length = 0;
    },
    addPull(input: { number: number; headRefName: string; baseRefName?: string; headRefOid: string }): StandInPull {
      const pull: StandInPull = {
        baseRefName: "main",
        ...input,
        updatedAt: tick(),
        threads: [],
        reviews: [],
        files: [],
      };
      pulls.push(pull);
      return pull;
    },
    /** A reviewer starts a thread on lines of the pull request at `commit`. */
    addThread(
      pull: StandInPull,
      input: {
        login: string;
        body: string;
        path: string;
        line: number;
        startLine?: number;
        commit: string;
        diffHunk?: string;
        side?: "LEFT" | "RIGHT";
        resolved?: boolean;
        outdated?: boolean;
      },
    ): StandInThread {
      const comment = makeComment({
        login: input.login,
        body: input.body,
        diffHunk: input.diffHunk ?? `@@ -1,1 +1,1 @@\n+line ${input.line}`,
        commit: input.commit,
        replyTo: null,
      });
      const thread: StandInThread = {
        id: `PRRT_${comment.databaseId}`,
        path: input.path,
        line: input.outdated === true ? null : input.line,
        startLine: input.startLine ?? null,
        originalLine: input.line,
        originalStartLine: input.startLine ?? null,
        diffSide: input.side ?? "RIGHT",
        isResolved: input.resolved === true,
        isOutdated: input.outdated === true,
        resolvedBy: input.resolved === true ? input.login : null,
        comments: [comment],
      };
      pull.threads.push(thread);
      pull.updatedAt = tick();
      return thread;
    },
    /** Someone answers in a thread on the forge. */
    reply(pull: StandInPull, thread: StandInThread, login: string, body: string): StandInComment {
      const comment = makeComment({
        login,
        body,
        diffHunk: thread.comments[0]!.diffHunk,
        commit: pull.headRefOid,
        replyTo: thread.comments[0]!.databaseId,
      });
      thread.comments.push(comment);
      pull.updatedAt = tick();
      return comment;
    },
    /** Someone resolves (or reopens) a thread on the forge's page. */
    setResolved(thread: StandInThread, resolved: boolean, login: string): void {
      thread.isResolved = resolved;
      thread.resolvedBy = resolved ? login : null;
    },
    /** Every request matching `match` waits `ms` before it is handled: a slow forge (e.g. 1.5 s per POST). */
    delay(match: RegExp, ms: number): void {
      delays.push({ match, ms });
    },
    /** The next request matching `match` (e.g. /^POST \/repos\//) gets `fault` instead of its answer. */
    failNext(match: RegExp, fault: StandInFault): void {
      faults.push({ match, fault });
    },
    /** GitHub is slow: requests are answered only once the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      held = new Promise<void>((done) => (release = done));
      return () => {
        held = null;
        release();
      };
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type GitHubStandIn = Awaited<ReturnType<typeof startGitHubStandIn>>;
