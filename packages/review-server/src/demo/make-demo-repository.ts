import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { runGit } from "../git/index.js";
import { layDemoRound } from "./lay-demo-round.js";

// The demo commits as nobody in particular, and must not depend on the user's git identity or signing setup.
const IDENTITY = [
  "-c",
  "user.name=opencode-review demo",
  "-c",
  "user.email=demo@opencode-review.invalid",
  "-c",
  "commit.gpgsign=false",
];

/**
 * Makes a git repository in `dir` on branch `main` whose one commit is the demo's `base/` folder.
 * @example await makeDemoRepository(join(tmp, "tasks-api"), findDemoRepoFolder()) // HEAD: "base: a small tasks API"
 */
export async function makeDemoRepository(dir: string, demoFolder: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await runGit(dir, ["init", "-q", "-b", "main"]);
  await layDemoRound(join(demoFolder, "base"), dir);
  await runGit(dir, ["add", "-A"]);
  await runGit(dir, [...IDENTITY, "commit", "-q", "-m", "base: a small tasks API"]);
}
