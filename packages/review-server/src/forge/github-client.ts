import { request } from "@octokit/request";
import { z } from "zod";
import { answerText, checkAnswer, eachOf, readAnswer, wrongAnswer } from "./forge-answer.js";
import type { ForgeClient, ForgeComment, ForgeSurvey, ForgeThread } from "./forge-client.js";
import type { ForgeEndpoint } from "./forge-endpoint.js";
import { forgeFailure } from "./forge-failure.js";
import type { ForgeRepository } from "./forge-remote.js";
import { noTokenError } from "./forge-token.js";
import { diffSideLines } from "./diff-side-lines.js";
import { pageCursors } from "./page-cursors.js";
import { forgeEntry, hasAbility } from "./forge-registry.js";

// Each page asks for 100 threads and each thread's first 100 comments: GitHub counts one request for the
// threads and one per thread for their comments, 101 in all, which costs 1 rate-limit point per page.
const THREADS = `query ($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id path line startLine originalLine originalStartLine diffSide isResolved isOutdated
          comments(first: 100) { pageInfo { hasNextPage endCursor } nodes { ...Comment } }
        }
      }
    }
  }
}
fragment Comment on PullRequestReviewComment { databaseId url body diffHunk createdAt author { login } originalCommit { oid } }`;

const MORE_COMMENTS = `query ($id: ID!, $after: String) {
  node(id: $id) {
    ... on PullRequestReviewThread {
      comments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ...Comment } }
    }
  }
}
fragment Comment on PullRequestReviewComment { databaseId url body diffHunk createdAt author { login } originalCommit { oid } }`;

// The cheap first request: the pull request, and per thread its id, resolve flag, comment count and last
// comment: any new comment, resolve or reopen changes it. 100 threads and one comment each: 1 point.
const SURVEY_FIELDS = `number url headRefName headRefOid
  reviewThreads(first: 100, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { id isResolved comments(last: 1) { totalCount nodes { databaseId } } }
  }`;
const SURVEY_BRANCH = `query ($owner: String!, $name: String!, $branch: String!, $after: String) {
  viewer { login }
  repository(owner: $owner, name: $name) {
    pullRequests(headRefName: $branch, states: [OPEN], first: 1, orderBy: { field: UPDATED_AT, direction: DESC }) { nodes { ${SURVEY_FIELDS} } }
  }
}`;
const SURVEY_NUMBER = `query ($owner: String!, $name: String!, $number: Int!, $after: String) {
  viewer { login }
  repository(owner: $owner, name: $name) { pullRequest(number: $number) { ${SURVEY_FIELDS} } }
}`;

const LAST_COMMENTS = `query ($id: ID!) {
  viewer { login }
  node(id: $id) { ... on PullRequestReviewThread { comments(last: 100) { nodes { databaseId url body author { login } } } } }
}`;

const RESOLVE = `mutation ($id: ID!) { resolveReviewThread(input: { threadId: $id }) { thread { id isResolved } } }`;

// The fields of GitHub's answers this client reads (its GraphQL schema and REST description), checked as
// they come in; a thread or comment of another shape is left out with a line, the rest come in.
const pageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });
const commentNode = z.object({
  databaseId: z.number().int(),
  url: z.string(),
  body: z.string(),
  diffHunk: z.string(),
  createdAt: z.string(),
  author: z.object({ login: z.string() }).nullable(),
  originalCommit: z.object({ oid: z.string() }).nullable(),
});
type CommentNode = z.infer<typeof commentNode>;
const commentPage = z.object({ pageInfo, nodes: z.array(z.unknown()) });
const threadNode = z.object({
  id: z.string(),
  path: z.string(),
  line: z.number().int().nullable(),
  startLine: z.number().int().nullable(),
  originalLine: z.number().int().nullable(),
  originalStartLine: z.number().int().nullable(),
  diffSide: z.enum(["LEFT", "RIGHT"]),
  isResolved: z.boolean(),
  isOutdated: z.boolean(),
  comments: commentPage,
});
type ThreadNode = z.infer<typeof threadNode>;
const surveyNode = z.object({
  number: z.number().int(),
  url: z.string(),
  headRefName: z.string(),
  headRefOid: z.string(),
  reviewThreads: z.object({
    totalCount: z.number().int(),
    pageInfo,
    nodes: z.array(
      z.object({
        id: z.string(),
        isResolved: z.boolean(),
        comments: z.object({
          totalCount: z.number().int(),
          nodes: z.array(z.object({ databaseId: z.number().int().nullable() })),
        }),
      }),
    ),
  }),
});
const viewer = z.object({ login: z.string() }).nullable();
// The viewer is always asked for; an answer without it still reads (the pull request is what matters).
const surveyByBranch = z.object({
  viewer: viewer.optional(),
  repository: z.object({ pullRequests: z.object({ nodes: z.array(surveyNode) }) }).nullable(),
});
const surveyByNumber = z.object({
  viewer: viewer.optional(),
  repository: z.object({ pullRequest: surveyNode.nullable() }).nullable(),
});
const threadsPage = z.object({
  repository: z
    .object({
      pullRequest: z.object({ reviewThreads: z.object({ pageInfo, nodes: z.array(z.unknown()) }) }).nullable(),
    })
    .nullable(),
});
const moreComments = z.object({ node: z.object({ comments: commentPage }).nullable() });
const lastComments = z.object({
  viewer,
  node: z.object({ comments: z.object({ nodes: z.array(z.unknown()) }) }).nullable(),
});
const lastComment = z.object({
  databaseId: z.number().int(),
  url: z.string(),
  body: z.string(),
  author: z.object({ login: z.string() }).nullable(),
});
const graphqlAnswer = z.object({
  data: z.unknown().optional(),
  errors: z.array(z.object({ type: z.string().optional(), message: z.string().optional() })).optional(),
});
const postedComment = z.object({ id: z.number().int(), html_url: z.string() });
const pullFiles = z.array(z.object({ filename: z.string(), patch: z.string().nullish() }));

/** How a client finds GitHub and its token. */
export interface GitHubClientOptions {
  readonly repository: ForgeRepository;
  readonly endpoint: ForgeEndpoint;
  /** Reads the token for one request; null when there is none. */
  readonly token: () => Promise<string | null>;
}

/**
 * GitHub through its well-kept client `@octokit/request`: GraphQL (a plain POST) for threads, resolves and the
 * pull request, REST for replies and reviews (resolve state lives in GraphQL only; replies in REST).
 * @example const gh = createGitHubClient({ repository, endpoint, token: () => readForgeToken("github", host, { env }) });
 */
export function createGitHubClient(options: GitHubClientOptions): ForgeClient {
  const { repository, endpoint } = options;
  const context = {
    kind: "github" as const,
    host: repository.host,
    repository: `${repository.owner}/${repository.repo}`,
  };
  const vars = { owner: repository.owner, name: repository.repo };

  const readToken = async () => {
    const token = await options.token();
    if (token === null) throw noTokenError("github", repository.host);
    return token;
  };
  const answering = { ...context, name: "GitHub", variable: "GITHUB_GRAPHQL_URL" };
  const answeringRest = { ...context, name: "GitHub", variable: "GITHUB_API_URL" };
  // GraphQL over a plain POST: the answer's body is read as text and parsed here (see answerText).
  const query = async <T>(text: string, variables: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> => {
    const token = await readToken();
    let body: string;
    let headers: Readonly<Record<string, string | undefined>> = {};
    try {
      const answer = await request({
        method: "POST",
        url: endpoint.graphql!,
        query: text,
        variables,
        headers: { authorization: `token ${token}` },
        request: { signal: AbortSignal.timeout(60_000), parseSuccessResponseBody: false },
      });
      headers = answer.headers as Record<string, string | undefined>;
      body = await answerText(answer.data);
    } catch (error) {
      throw forgeFailure(error, context, token);
    }
    const answer = readAnswer(body, graphqlAnswer, answering, "the GraphQL answer");
    if (answer.errors !== undefined && answer.errors.length > 0) {
      throw forgeFailure(
        { name: "GraphqlResponseError", errors: answer.errors, message: answer.errors[0]!.message, headers },
        context,
        token,
      );
    }
    if (answer.data === null || answer.data === undefined)
      throw wrongAnswer(answering, "its GraphQL answer has no data");
    return checkAnswer(answer.data, schema, answering, "the GraphQL answer's data");
  };
  const rest = async <T>(
    route: string,
    parameters: Record<string, unknown>,
    schema: z.ZodType<T>,
    what: string,
  ): Promise<T> => {
    const token = await readToken();
    let body: string;
    try {
      const answer = await request(route, {
        baseUrl: endpoint.rest,
        owner: repository.owner,
        repo: repository.repo,
        ...parameters,
        headers: { authorization: `token ${token}`, "x-github-api-version": "2022-11-28" },
        request: { signal: AbortSignal.timeout(60_000), parseSuccessResponseBody: false },
      });
      body = await answerText(answer.data);
    } catch (error) {
      throw forgeFailure(error, context, token);
    }
    return readAnswer(body, schema, answeringRest, what);
  };

  return {
    kind: "github",
    repository,

    async survey(target): Promise<ForgeSurvey | null> {
      let login: string | null = null;
      const first =
        "branch" in target
          ? await query(SURVEY_BRANCH, { ...vars, branch: target.branch }, surveyByBranch).then(
              (d) => ((login = d.viewer?.login ?? null), d.repository?.pullRequests.nodes[0]),
            )
          : await query(SURVEY_NUMBER, { ...vars, number: target.number }, surveyByNumber).then(
              (d) => ((login = d.viewer?.login ?? null), d.repository?.pullRequest),
            );
      if (first === undefined || first === null) return null;
      const parts: string[] = [];
      let page = first.reviewThreads;
      const cursors = pageCursors("GitHub");
      for (;;) {
        for (const t of page.nodes)
          parts.push(
            `${t.id}:${t.isResolved ? 1 : 0}:${t.comments.totalCount}:${t.comments.nodes[0]?.databaseId ?? ""}`,
          );
        if (!page.pageInfo.hasNextPage) break;
        const next = await query(
          SURVEY_NUMBER,
          { ...vars, number: first.number, after: cursors.next(page.pageInfo) },
          surveyByNumber,
        );
        const more = next.repository?.pullRequest?.reviewThreads;
        if (more === undefined) throw wrongAnswer(answering, "a page of the threads came without its pull request");
        page = more;
      }
      return {
        pull: { number: first.number, url: first.url, headRefName: first.headRefName, headOid: first.headRefOid },
        fingerprint: parts.join(","),
        threads: first.reviewThreads.totalCount,
        login,
        canResolve: hasAbility(forgeEntry("github").dialects[0]!.resolve, []),
      };
    },

    async threads(pr) {
      const out: ForgeThread[] = [];
      const skipped: string[] = [];
      let after: string | null = null;
      const cursors = pageCursors("GitHub");
      for (;;) {
        const data = await query(THREADS, { ...vars, number: pr, after }, threadsPage);
        const page = data.repository?.pullRequest?.reviewThreads;
        if (page === undefined) return { threads: out, skipped };
        const nodes = eachOf(page.nodes, threadNode, (i, n) => `the thread ${threadName(n, i)}`);
        for (const line of nodes.skipped) skipped.push(line);
        for (const node of nodes.items) {
          const comments: CommentNode[] = [];
          const take = (items: readonly unknown[]) => {
            const each = eachOf(
              items,
              commentNode,
              (i) => `comment ${comments.length + i + 1} of the thread ${node.id}`,
            );
            for (const line of each.skipped) skipped.push(line);
            for (const c of each.items) comments.push(c);
          };
          take(node.comments.nodes);
          let cursor = node.comments.pageInfo;
          const commentCursors = pageCursors("GitHub");
          while (cursor.hasNextPage) {
            const more = await query(MORE_COMMENTS, { id: node.id, after: commentCursors.next(cursor) }, moreComments);
            if (more.node === null) break;
            take(more.node.comments.nodes);
            cursor = more.node.comments.pageInfo;
          }
          out.push(threadOf(node, comments));
        }
        if (!page.pageInfo.hasNextPage) return { threads: out, skipped };
        after = cursors.next(page.pageInfo);
      }
    },

    async findReply(_pr, thread, marker) {
      const data = await query(LAST_COMMENTS, { id: thread.id }, lastComments);
      // Only a comment of the token's account is ours: anyone can write the marker's text.
      const me = data.viewer?.login;
      const found = eachOf(data.node?.comments.nodes ?? [], lastComment, String).items.find(
        (c) => me !== undefined && c.author?.login === me && c.body.includes(marker),
      );
      return found === undefined ? null : { id: String(found.databaseId), url: found.url };
    },

    async reply(pr, thread, body) {
      const posted = await rest(
        "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
        { pull_number: pr, comment_id: Number(thread.replyTo), body },
        postedComment,
        "the posted reply",
      );
      return { id: String(posted.id), url: posted.html_url };
    },

    async resolve(_pr, thread) {
      await query(RESOLVE, { id: thread.id }, z.unknown());
      return true;
    },

    async diffLines(pr) {
      const out = new Map<string, { new: ReadonlySet<number>; old: ReadonlySet<number> }>();
      // GitHub lists at most 3,000 files of a pull request, 100 a page.
      for (let page = 1; page <= 30; page++) {
        const files = await rest(
          "GET /repos/{owner}/{repo}/pulls/{pull_number}/files",
          { pull_number: pr, per_page: 100, page },
          pullFiles,
          "the pull request's files",
        );
        for (const f of files) out.set(f.filename, diffSideLines(f.patch ?? ""));
        if (files.length < 100) break;
      }
      return out;
    },

    async submitReview(pr, review) {
      const submitted = await rest(
        "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews",
        {
          pull_number: pr,
          event: review.event,
          body: review.body,
          comments: review.comments.map((c) => ({
            path: c.path,
            line: c.line,
            side: c.side === "old" ? "LEFT" : "RIGHT",
            body: c.body,
          })),
        },
        postedComment,
        "the submitted review",
      );
      return { id: String(submitted.id), url: submitted.html_url };
    },
  };
}

function threadOf(node: ThreadNode, comments: readonly CommentNode[]): ForgeThread {
  const shown: ForgeComment[] = comments.map((c) => ({
    id: String(c.databaseId),
    // A deleted account reads as null: GitHub shows it as "ghost".
    login: c.author?.login ?? "ghost",
    body: c.body,
    diffHunk: c.diffHunk,
    commit: c.originalCommit?.oid ?? null,
    createdAt: c.createdAt,
    url: c.url,
  }));
  return {
    id: node.id,
    path: node.path,
    side: node.diffSide === "LEFT" ? "old" : "new",
    originalStartLine: node.originalStartLine,
    originalLine: node.originalLine,
    startLine: node.startLine,
    line: node.line,
    resolved: node.isResolved,
    outdated: node.isOutdated,
    url: shown[0]?.url ?? "",
    comments: shown,
  };
}

// A thread's name in a skipped line: its id when it has a readable one, else its place in the page.
function threadName(node: unknown, index: number): string {
  const id = (node as { id?: unknown } | null)?.id;
  return typeof id === "string" && /^[\w=-]{1,100}$/.test(id) ? id : `number ${index + 1} of the page`;
}
