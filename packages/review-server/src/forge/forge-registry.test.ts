import { describe, expect, test } from "vitest";
import { forgeEndpoint } from "./forge-endpoint.js";
import { FORGES, hasAbility, TOKEN_VARIABLES } from "./forge-registry.js";
import { forgeKindOf } from "./forge-remote.js";
import { forgejoDialect } from "./forgejo-dialect.js";

describe("the registry of forges", () => {
  test("hosts are told apart by each entry's rule; git config decides for any other host", () => {
    expect(forgeKindOf("github.com", null, {})).toBe("github");
    expect(forgeKindOf("acme.ghe.com", null, {})).toBe("github");
    expect(forgeKindOf("codeberg.org", null, {})).toBe("forgejo");
    expect(forgeKindOf("git.gitea.example", null, {})).toBe("forgejo");
    expect(forgeKindOf("github.corp", null, {})).toBe("github");
    expect(forgeKindOf("git.corp:8443", null, { FORGEJO_API_URL: "https://git.corp/api/v1" })).toBe("forgejo");
    expect(forgeKindOf("git.corp", null, {})).toBeNull();
    expect(forgeKindOf("git.corp", "forgejo", {})).toBe("forgejo");
    expect(forgeKindOf("git.corp", "gitlab", {})).toBeNull();
  });

  test("each entry holds its token variables and endpoint rule", () => {
    expect(TOKEN_VARIABLES).toEqual(["GH_TOKEN", "GITHUB_TOKEN", "FORGEJO_TOKEN", "GITEA_TOKEN"]);
    expect(FORGES.map((f) => f.kind)).toEqual(["github", "forgejo"]);
    expect(forgeEndpoint("github", { host: "git.corp", owner: "o", repo: "r" }, {})).toEqual({
      rest: "https://git.corp/api/v3",
      graphql: "https://git.corp/api/graphql",
    });
    expect(forgeEndpoint("forgejo", { host: "codeberg.org", owner: "o", repo: "r" }, {})).toEqual({
      rest: "https://codeberg.org/api/v1",
      graphql: null,
    });
  });

  test("abilities come from the dialect's entry at the server's version", () => {
    expect(forgejoDialect("15.0.3+gitea-1.22.0")).toEqual({
      name: "Forgejo",
      threadedReply: true,
      resolve: false,
      groupByReview: true,
    });
    expect(forgejoDialect("16.0.0-dev-812-d883bd8f12+gitea-1.22.0")).toMatchObject({
      name: "Forgejo",
      threadedReply: true,
    });
    expect(forgejoDialect("1.21.11-1")).toEqual({
      name: "Forgejo",
      threadedReply: false,
      resolve: false,
      groupByReview: false,
    });
    expect(forgejoDialect("1.26.3")).toEqual({
      name: "Gitea",
      threadedReply: false,
      resolve: true,
      groupByReview: false,
    });
    expect(forgejoDialect("1.25.0")).toMatchObject({ name: "Gitea", resolve: false });
    expect(forgejoDialect("nonsense")).toMatchObject({ threadedReply: false, resolve: false });
    expect(hasAbility({ since: { from: [1, 26] } }, [1, 26, 0])).toBe(true);
    expect(hasAbility({ since: { from: [1, 26] } }, [2])).toBe(true);
  });
});
