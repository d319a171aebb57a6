import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { APP_TS } from "./github-fixture.js";
import { startForgejoStandIn, type ForgejoStandIn, type ForgejoStandInPull } from "./forgejo-stand-in.js";
import type { ForgejoFlavor } from "./forgejo-swagger-check.js";

/** The token the Forgejo stand-in accepts; tests look for it everywhere it must not be. */
export const FORGEJO_TOKEN = "fj_standInToken0123456789abcdef0123456789";
/** A token the stand-in knows with read access only. */
export const FORGEJO_READ_ONLY_TOKEN = "fj_readOnlyToken0123456789abcdef012345678";

/** A repository whose branch `feature` has a pull request (#7) on a Forgejo (or Gitea) stand-in, and the service over it. */
export interface ForgejoFixture extends ServiceFixture {
  readonly forgejo: ForgejoStandIn;
  readonly pull: ForgejoStandInPull;
  /** The commit the pull request's head points at (the branch's commit). */
  readonly head: string;
  /** The environment the service reads its token and API base from; tests change it to make failures. */
  readonly env: Record<string, string | undefined>;
}

/**
 * The repository (remote `git@codeberg.org:octo/app.git`, branch `feature` pushed as `feature`), the stand-in
 * speaking `flavor`'s API with pull request #7 from it, and a service whose token and API base point at it.
 * @example const f = await makeForgejoFixture("gitea"); f.forgejo.addThread(f.pull, { ... }); await f.service.pullForge();
 */
export async function makeForgejoFixture(flavor: ForgejoFlavor = "forgejo"): Promise<ForgejoFixture> {
  const forgejo = await startForgejoStandIn({
    flavor,
    owner: "octo",
    repo: "app",
    tokens: {
      [FORGEJO_TOKEN]: { login: "person", scopes: ["write:repository"] },
      [FORGEJO_READ_ONLY_TOKEN]: { login: "person", scopes: ["read:repository"] },
    },
  });
  const env: Record<string, string | undefined> = { FORGEJO_TOKEN, FORGEJO_API_URL: forgejo.url, PATH: "/nonexistent" };
  const fixture = await makeServiceFixture({ "src/app.ts": "export const name = 'app';\n" }, "tools", undefined, {
    forge: { env, gh: false },
  });
  await fixture.repo.git("checkout", "-q", "-b", "feature");
  await fixture.repo.write("src/app.ts", APP_TS);
  const head = await fixture.repo.commitAll("add total");
  await fixture.repo.git("remote", "add", "origin", "git@codeberg.org:octo/app.git");
  await fixture.repo.git("config", "branch.feature.remote", "origin");
  await fixture.repo.git("config", "branch.feature.merge", "refs/heads/feature");
  const pull = forgejo.addPull({ number: 7, headRef: "feature", headSha: head });
  return {
    ...fixture,
    forgejo,
    pull,
    head,
    env,
    async close() {
      await forgejo.close();
      await fixture.close();
    },
  };
}
