import { graphql } from "@octokit/graphql";
import { request } from "@octokit/request";
import type { ForgeClient, ForgeComment, ForgeSurvey, ForgeThread } from "./forge-client.js";
import type { ForgeEndpoint } from "./forge-endpoint.js";
import { forgeFailure } from "./forge-failure.js";
import type { ForgeRepository } from "./forge-remote.js";
import { noTokenError } from "./forge-token.js";
import { diffSideLines } from "./diff-side-lines.js";
import { pageCursors } from "./page-cursors.js";

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

interface Page<T> {
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
  readonly nodes: readonly T[];
}
interface CommentNode {
  readonly databaseId: number;
  readonly url: string;
  readonly body: string;
  readonly diffHunk: string;
  readonly createdAt: string;
  readonly author: { readonly login: string } | null;
  readonly originalCommit: { readonly oid: string } | null;
}
interface ThreadNode {
  readonly id: string;
  readonly path: string;
  readonly line: number | null;
  readonly startLine: number | null;
  readonly originalLine: number | null;
  readonly originalStartLine: number | null;
  readonly diffSide: "LEFT" | "RIGHT";
  readonly isResolved: boolean;
  readonly isOutdated: boolean;
  readonly comments: Page<CommentNode>;
}
interface SurveyNode {
  readonly number: number;
  readonly url: string;
  readonly headRefName: string;
  readonly headRefOid: string;
  readonly reviewThreads: Page<{
    readonly id: string;
    readonly isResolved: boolean;
    readonly comments: { readonly totalCount: number; readonly nodes: readonly { readonly databaseId: number }[] };
  }> & { readonly totalCount: number };
}

/** How a client finds GitHub and its token. */
export interface GitHubClientOptions {
  readonly repository: ForgeRepository;
  readonly endpoint: ForgeEndpoint;
  /** Reads the token for one request; null when there is none. */
  readonly token: () => Promise<string | null>;
}

/**
 * GitHub through its well-kept clients: `@octokit/graphql` for threads, resolves and the pull request,
 * `@octokit/request` for REST replies and reviews (resolve state lives in GraphQL only; replies in REST).
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
  const query = async <T>(text: string, variables: Record<string, unknown>): Promise<T> => {
    const token = await readToken();
    try {
      // The object form: `url` is an option there, not a variable.
      return await graphql<T>({
        query: text,
        ...variables,
        url: endpoint.graphql!,
        headers: { authorization: `token ${token}` },
        request: { signal: AbortSignal.timeout(60_000) },
      });
    } catch (error) {
      throw forgeFailure(error, context, token);
    }
  };
  const rest = async <T>(route: string, parameters: Record<string, unknown>): Promise<T> => {
    const token = await readToken();
    try {
      const answer = await request(route, {
        baseUrl: endpoint.rest,
        owner: repository.owner,
        repo: repository.repo,
        ...parameters,
        headers: { authorization: `token ${token}`, "x-github-api-version": "2022-11-28" },
        request: { signal: AbortSignal.timeout(60_000) },
      });
      return answer.data as T;
    } catch (error) {
      throw forgeFailure(error, context, token);
    }
  };

  return {
    kind: "github",
    repository,

    async survey(target): Promise<ForgeSurvey | null> {
      let login: string | null = null;
      const first =
        "branch" in target
          ? await query<{
              viewer: { login: string } | null;
              repository: { pullRequests: { nodes: SurveyNode[] } } | null;
            }>(SURVEY_BRANCH, { ...vars, branch: target.branch }).then(
              (d) => ((login = d.viewer?.login ?? null), d.repository?.pullRequests.nodes[0]),
            )
          : await query<{ viewer: { login: string } | null; repository: { pullRequest: SurveyNode | null } | null }>(
              SURVEY_NUMBER,
              { ...vars, number: target.number },
            ).then((d) => ((login = d.viewer?.login ?? null), d.repository?.pullRequest));
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
        const next = await query<{ repository: { pullRequest: SurveyNode } }>(SURVEY_NUMBER, {
          ...vars,
          number: first.number,
          after: cursors.next(page.pageInfo),
        });
        page = next.repository.pullRequest.reviewThreads;
      }
      return {
        pull: { number: first.number, url: first.url, headRefName: first.headRefName, headOid: first.headRefOid },
        fingerprint: parts.join(","),
        threads: first.reviewThreads.totalCount,
        login,
      };
    },

    async threads(pr) {
      const out: ForgeThread[] = [];
      let after: string | null = null;
      const cursors = pageCursors("GitHub");
      for (;;) {
        const data: { repository: { pullRequest: { reviewThreads: Page<ThreadNode> } | null } | null } = await query(
          THREADS,
          { ...vars, number: pr, after },
        );
        const page = data.repository?.pullRequest?.reviewThreads;
        if (page === undefined) return out;
        for (const node of page.nodes) {
          const comments = [...node.comments.nodes];
          let cursor = node.comments.pageInfo;
          const commentCursors = pageCursors("GitHub");
          while (cursor.hasNextPage) {
            const more: { node: { comments: Page<CommentNode> } } = await query(MORE_COMMENTS, {
              id: node.id,
              after: commentCursors.next(cursor),
            });
            comments.push(...more.node.comments.nodes);
            cursor = more.node.comments.pageInfo;
          }
          out.push(threadOf(node, comments));
        }
        if (!page.pageInfo.hasNextPage) return out;
        after = cursors.next(page.pageInfo);
      }
    },

    async findReply(_pr, thread, marker) {
      const data = await query<{
        viewer: { login: string } | null;
        node: {
          comments: {
            nodes: { databaseId: number; url: string; body: string; author: { login: string } | null }[];
          };
        } | null;
      }>(LAST_COMMENTS, { id: thread.id });
      // Only a comment of the token's account is ours: anyone can write the marker's text.
      const me = data.viewer?.login;
      const found = data.node?.comments.nodes.find(
        (c) => me !== undefined && c.author?.login === me && c.body.includes(marker),
      );
      return found === undefined ? null : { id: String(found.databaseId), url: found.url };
    },

    async reply(pr, thread, body) {
      const posted = await rest<{ id: number; html_url: string }>(
        "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
        {
          pull_number: pr,
          comment_id: Number(thread.replyTo),
          body,
        },
      );
      return { id: String(posted.id), url: posted.html_url };
    },

    async resolve(_pr, thread) {
      await query(RESOLVE, { id: thread.id });
      return true;
    },

    async diffLines(pr) {
      const out = new Map<string, { new: ReadonlySet<number>; old: ReadonlySet<number> }>();
      // GitHub lists at most 3,000 files of a pull request, 100 a page.
      for (let page = 1; page <= 30; page++) {
        const files = await rest<{ filename: string; patch?: string }[]>(
          "GET /repos/{owner}/{repo}/pulls/{pull_number}/files",
          { pull_number: pr, per_page: 100, page },
        );
        for (const f of files) out.set(f.filename, diffSideLines(f.patch ?? ""));
        if (files.length < 100) break;
      }
      return out;
    },

    async submitReview(pr, review) {
      const submitted = await rest<{ id: number; html_url: string }>(
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
