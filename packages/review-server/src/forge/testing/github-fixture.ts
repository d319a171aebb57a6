import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { startGitHubStandIn, type GitHubStandIn, type StandInPull } from "./github-stand-in.js";

/** The token the stand-in accepts; tests look for it everywhere it must not be. */
export const STAND_IN_TOKEN = "ghp_standInToken0123456789abcdefABCDEF";
/** A token the stand-in knows with no scope: it may read, not write. */
export const READ_ONLY_TOKEN = "ghp_readOnlyToken0123456789abcdefABCD";

/** A repository whose branch `feature` has a pull request (#7) on the GitHub stand-in, and the service over it. */
export interface GitHubFixture extends ServiceFixture {
  readonly github: GitHubStandIn;
  readonly pull: StandInPull;
  /** The commit the pull request's head points at (the branch's commit). */
  readonly head: string;
  /** The environment the service reads its token and API bases from; tests change it to make failures. */
  readonly env: Record<string, string | undefined>;
}

export const APP_TS = [
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
  "export const name = 'app';",
  "",
].join("\n");

/**
 * The repository (remote `git@github.com:octo/app.git`, branch `feature` pushed as `feature`), the stand-in
 * with pull request #7 from it, and a service whose token and API bases point at the stand-in.
 * @example const f = await makeGitHubFixture(); f.github.addThread(f.pull, { ... }); await f.service.pullForge();
 */
export async function makeGitHubFixture(): Promise<GitHubFixture> {
  const github = await startGitHubStandIn({
    owner: "octo",
    repo: "app",
    tokens: {
      [STAND_IN_TOKEN]: { login: "person", scopes: ["repo"] },
      [READ_ONLY_TOKEN]: { login: "person", scopes: [] },
    },
  });
  const env: Record<string, string | undefined> = {
    GH_TOKEN: STAND_IN_TOKEN,
    GITHUB_API_URL: github.url,
    GITHUB_GRAPHQL_URL: github.graphqlUrl,
    // No gh from the machine running the tests: its token must never reach a stand-in.
    PATH: "/nonexistent",
  };
  const fixture = await makeServiceFixture({ "src/app.ts": "export const name = 'app';\n" }, "tools", undefined, {
    forge: { env, gh: false },
  });
  await fixture.repo.git("checkout", "-q", "-b", "feature");
  await fixture.repo.write("src/app.ts", APP_TS);
  const head = await fixture.repo.commitAll("add total");
  await fixture.repo.git("remote", "add", "origin", "git@github.com:octo/app.git");
  await fixture.repo.git("config", "branch.feature.remote", "origin");
  await fixture.repo.git("config", "branch.feature.merge", "refs/heads/feature");
  const pull = github.addPull({ number: 7, headRefName: "feature", headRefOid: head });
  return {
    ...fixture,
    github,
    pull,
    head,
    env,
    async close() {
      await github.close();
      await fixture.close();
    },
  };
}
