// The Forgejo stand-in refuses what the real server would refuse or silently drop, by its swagger description.
import { afterEach, describe, expect, test } from "vitest";
import { forgejoDialect } from "../forgejo-dialect.js";
import { startForgejoStandIn, type ForgejoStandIn } from "./forgejo-stand-in.js";

let stand: ForgejoStandIn | undefined;
afterEach(async () => {
  await stand?.close();
  stand = undefined;
});

const TOKEN = "fj_check";
async function call(s: ForgejoStandIn, method: string, path: string, body?: unknown) {
  const response = await fetch(`${s.url}${path}`, {
    method,
    headers: { authorization: `token ${TOKEN}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.status;
}

describe("the Forgejo stand-in", () => {
  test("refuses an unknown route, a wrong method, an unknown query parameter and a body field Forgejo would drop", async () => {
    const s = (stand = await startForgejoStandIn({
      flavor: "forgejo",
      owner: "o",
      repo: "r",
      tokens: { [TOKEN]: { login: "me", scopes: ["write:repository"] } },
    }));
    s.addPull({ number: 7, headRef: "feature", headSha: "a".repeat(40) });
    expect(await call(s, "GET", "/repos/o/r/pulls/7/reviews?limit=50")).toBe(200);
    expect(s.problems).toEqual([]);
    expect(await call(s, "GET", "/repos/o/r/pulls/7/comments")).toBe(404);
    expect(await call(s, "PUT", "/repos/o/r/pulls/7/reviews")).toBe(404);
    expect(await call(s, "GET", "/repos/o/r/pulls/7/reviews?per_page=100")).toBe(422);
    // GitHub's names for a review comment's line: Forgejo would ignore them and comment on line 0.
    expect(
      await call(s, "POST", "/repos/o/r/pulls/7/reviews", {
        event: "COMMENT",
        body: "x",
        comments: [{ path: "a.ts", line: 3, side: "RIGHT", body: "y" }],
      }),
    ).toBe(422);
    expect(s.problems).toHaveLength(4);
    expect(s.problems[0]).toContain("codeberg.org/forgejo/forgejo v15.0.3");
    expect(s.problems[3]).toMatch(/must NOT have additional properties \(line\)/);
  });

  test("speaks Gitea's description when asked: the resolve route is there, the review-comment route is not", async () => {
    const s = (stand = await startForgejoStandIn({
      flavor: "gitea",
      owner: "o",
      repo: "r",
      tokens: { [TOKEN]: { login: "me", scopes: ["write:repository"] } },
    }));
    const pull = s.addPull({ number: 7, headRef: "feature", headSha: "a".repeat(40) });
    const thread = s.addThread(pull, { login: "alice", body: "Hm.", path: "a.ts", line: 1, commit: "a".repeat(40) });
    expect(
      await call(s, "POST", `/repos/o/r/pulls/7/reviews/${thread.review.id}/comments`, {
        path: "a.ts",
        new_position: 1,
        body: "x",
      }),
    ).toBe(404);
    expect(await call(s, "POST", `/repos/o/r/pulls/comments/${thread.first.id}/resolve`)).toBe(204);
    expect(thread.first.resolver).toBe("me");
    expect(s.problems).toHaveLength(1);
  });
});

describe("forgejoDialect", () => {
  test("Forgejo replies in the conversation and cannot resolve; Gitea 1.26 resolves and quotes; older servers only quote", () => {
    expect(forgejoDialect("15.0.3+gitea-1.22.0")).toMatchObject({
      threadedReply: true,
      resolve: false,
      groupByReview: true,
    });
    expect(forgejoDialect("1.26.3")).toMatchObject({ threadedReply: false, resolve: true, groupByReview: false });
    expect(forgejoDialect("1.25.1")).toMatchObject({ threadedReply: false, resolve: false });
    expect(forgejoDialect("1.21.11-1")).toMatchObject({ threadedReply: false, resolve: false });
  });
});
