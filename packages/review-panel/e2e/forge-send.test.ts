// @vitest-environment node
// The branch's pull request in the web panel, in real Chromium against the real review server, whose forge is
// the GitHub stand-in (built on GitHub's published schema): the Send list shows the agent's queued reply, as
// it is written, under the token's login; Send asks, then posts it into its forge thread and the list
// empties; "Finish your review" sends a review to the pull request instead of the agent, and past reviews keep its link.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { APP_TS, STAND_IN_TOKEN } from "../../review-server/src/forge/testing/github-fixture.js";
import { startGitHubStandIn } from "../../review-server/src/forge/testing/github-stand-in.js";
import { startReviewServer } from "../../review-server/src/server/index.js";
import { launchBrowser, screenshotDir } from "./browser.js";
import { git, initRepository, layFiles } from "./git-repository.mjs";
import { panelDir } from "./panel-target.js";

const QUESTION = "Start from the first item?";
const REPLY = "Yes: the loop starts at the first item now.";

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** Branch `feature` with upstream origin/feature on a github.com remote, pull request #7 from it, and the server over it. */
async function start() {
  const github = await startGitHubStandIn({
    owner: "octo",
    repo: "app",
    tokens: { [STAND_IN_TOKEN]: { login: "person", scopes: ["repo"] } },
  });
  cleanups.push(() => github.close().catch(() => {}));
  const folder = realpathSync(mkdtempSync(join(tmpdir(), "panel-forge-")));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const dir = join(folder, "repo");
  initRepository(dir, { "src/app.ts": "export const name = 'app';\n" });
  git(dir, ["checkout", "-q", "-b", "feature"]);
  layFiles(dir, { "src/app.ts": APP_TS });
  git(dir, ["commit", "-qam", "add total"]);
  git(dir, ["remote", "add", "origin", "git@github.com:octo/app.git"]);
  git(dir, ["config", "branch.feature.remote", "origin"]);
  git(dir, ["config", "branch.feature.merge", "refs/heads/feature"]);
  const head = git(dir, ["rev-parse", "HEAD"]).trim();
  const pull = github.addPull({ number: 7, headRefName: "feature", headRefOid: head });
  // The pull request's diff as REST lists it: src/app.ts's first six lines are new in it.
  pull.files = [
    {
      filename: "src/app.ts",
      patch:
        "@@ -1 +1,7 @@\n+export function total(xs: number[]) {\n+  let sum = 0;\n+  for (const x of xs) sum += x;\n+  return sum;\n+}\n+\n export const name = 'app';",
    },
  ];
  const thread = github.addThread(pull, { login: "alice", body: QUESTION, path: "src/app.ts", line: 2, commit: head });
  // The agent's work since: the diff the panel shows.
  layFiles(dir, { "src/app.ts": APP_TS.replace("export const name = 'app';", "export const name = 'app2';") });
  // The token and API bases as the person sets them (GH_TOKEN, GitHub's own variables); no gh from this machine.
  const env = {
    GH_TOKEN: STAND_IN_TOKEN,
    GITHUB_API_URL: github.url,
    GITHUB_GRAPHQL_URL: github.graphqlUrl,
    PATH: "/nonexistent",
  };
  const server = await startReviewServer({
    now: () => new Date().toISOString(),
    dir,
    dbPath: join(folder, "review.sqlite"),
    delivery: { mode: "tools", deliver: async () => null },
    tools: true,
    panelDir,
    forgeSource: { env, gh: false },
    reportError: (error) => console.error("forge e2e:", error),
  });
  cleanups.push(() => server.close());
  // The server pulls on start (forge.pull "auto"): the forge thread is here once it has.
  await expect.poll(async () => (await server.service.forgeStatus()).pull?.number, { timeout: 20_000 }).toBe(7);
  const browser = await launchBrowser();
  cleanups.push(browser.close);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(server.panelUrl);
  await page.locator('[data-component="file-header"]').first().waitFor();
  return { github, pull, thread, server, page };
}

describe("the pull request in the web panel (GitHub stand-in)", () => {
  it("lists the agent's reply as it is queued, under the token's login; Send asks, posts it into the forge thread, shows its link and empties the list", async () => {
    const { thread, server, page } = await start();
    const bar = page.locator('[data-component="forge-bar"]');
    await bar.waitFor();
    expect(await bar.locator('[data-slot="pull-request"]').textContent()).toBe("Pull request #7");
    expect(await bar.locator('[data-slot="login"]').textContent()).toBe("replies go as @person");
    expect(await bar.locator('[data-slot~="send"]').isDisabled()).toBe(true);

    // The agent answers the forge thread with its tool's service call: the list follows over the live stream.
    const [open] = await server.service.listThreads({ status: "waiting" });
    await server.service.agentReply({ id: open!.id, text: REPLY });
    const reply = bar.locator('[data-slot="reply"]');
    await reply.waitFor();
    expect(await reply.locator('[data-slot="place"]').textContent()).toBe("src/app.ts:2");
    expect(await reply.locator('[data-slot="answers"]').textContent()).toBe(`answers @alice: "${QUESTION}"`);
    expect(await reply.locator('[data-slot="answers"]').getAttribute("href")).toMatch(
      /^https:\/\/github\.com\/octo\/app\/pull\/7#discussion_r\d+$/,
    );
    expect(await reply.locator('[data-slot="body"]').textContent()).toBe(REPLY);
    expect(await bar.locator('[data-slot="count"]').textContent()).toBe("1 reply waits to be posted");

    // Send asks first; nothing is posted before the answer.
    await bar.locator('[data-slot~="send"]').click();
    const confirm = bar.locator('[data-slot="confirm"]');
    await confirm.waitFor();
    expect(await confirm.locator('[data-slot="question"]').textContent()).toBe(
      "Post 1 reply to pull request #7 as @person?",
    );
    await page.screenshot({ path: `${screenshotDir}forge-send-ask.png` });
    expect(thread.comments).toHaveLength(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-slot")))
      .toBe("action confirm-send");
    await page.keyboard.press("Enter");

    const note = bar.locator('[data-slot="note"][data-kind="sent"]');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.locator('[data-slot="text"]').textContent()).toBe("Posted 1 reply to pull request #7.");
    expect(thread.comments).toHaveLength(2);
    expect(thread.comments[1]).toMatchObject({ login: "person", body: expect.stringContaining(REPLY) });
    expect(await note.locator('[data-slot="sent"] a').getAttribute("href")).toBe(
      `https://github.com/octo/app/pull/7#discussion_r${thread.comments[1]!.databaseId}`,
    );
    await expect.poll(() => bar.locator('[data-slot="reply"]').count()).toBe(0);
    expect(await bar.locator('[data-slot="count"]').textContent()).toBe("nothing waits to be posted (1 posted)");
    await page.screenshot({ path: `${screenshotDir}forge-send-sent.png` });
  });

  it("a send the forge refuses says why in one line and keeps the reply queued", async () => {
    const { github, thread, server, page } = await start();
    const [open] = await server.service.listThreads({ status: "waiting" });
    await server.service.agentReply({ id: open!.id, text: REPLY });
    const bar = page.locator('[data-component="forge-bar"]');
    await bar.locator('[data-slot="reply"]').waitFor();
    // The forge goes away: the push cannot reach it.
    await github.close();
    await bar.locator('[data-slot~="send"]').click();
    await bar.locator('[data-slot~="confirm-send"]').click();
    const failed = bar.locator('[data-slot="note"][data-kind="failed"]');
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.getAttribute("role")).toBe("alert");
    expect(await failed.locator('[data-slot="text"]').textContent()).toMatch(
      /^Send failed: cannot reach .*\(1 reply stays queued: Send again once that is fixed\.\)$/,
    );
    expect(await bar.locator('[data-slot="reply"]').count()).toBe(1);
    expect(thread.comments).toHaveLength(1);
    await page.screenshot({ path: `${screenshotDir}forge-send-failed.png` });
  });

  it("Finish your review offers the pull request: the release goes there as a review, says so with its link, and past reviews keep it", async () => {
    const { pull, server, page } = await start();
    await server.service.draftThread({ file: "src/app.ts", start: 3, end: 3, body: "Use reduce here." });
    const releaseBar = page.locator('[data-component="release-bar"]');
    await expect.poll(() => releaseBar.locator('[data-slot="count"]').textContent()).toBe("1 comment pending");
    await releaseBar.locator('[data-slot~="finish"]').click();
    const finish = page.locator('[data-component="finish-review"]');
    const targets = finish.locator('[data-slot="targets"]');
    await targets.waitFor();
    expect(await targets.locator('[data-slot="target"]').allTextContents()).toEqual([
      "to the agent",
      "to pull request #7",
    ]);
    expect(await targets.locator('[data-value="agent"] input').isChecked()).toBe(true);
    await targets.locator('[data-value="pr"] input').check();
    await finish.locator('[data-slot="verdict"][data-value="changes"] input').check();
    await finish.locator('[data-slot="summary"]').fill("One thing before it goes in.");
    const release = releaseBar.locator('[data-slot="release"]');
    expect(await release.textContent()).toBe("Send review to pull request #7");
    await page.screenshot({ path: `${screenshotDir}forge-release-choice.png` });
    await release.click();

    const result = page.locator('[data-component="release-result"]');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.locator('[data-slot="head"] span').first().textContent()).toBe(
      "Sent to the pull request as a review (1 message):",
    );
    const link = await result.locator('[data-slot="pull-request"]').getAttribute("href");
    expect(link).toMatch(/^https:\/\/github\.com\/octo\/app\/pull\/7#pullrequestreview-\d+$/);
    expect(pull.reviews).toHaveLength(1);
    expect(pull.reviews[0]).toMatchObject({
      event: "REQUEST_CHANGES",
      body: expect.stringContaining("One thing before it goes in."),
      login: "person",
    });
    expect(pull.reviews[0]!.comments).toMatchObject([
      { path: "src/app.ts", line: 3, body: expect.stringContaining("Use reduce here.") },
    ]);

    await result.locator('[data-slot~="dismiss"]').click();
    await releaseBar.locator('[data-slot~="past"]').click();
    const listed = page.locator('[data-component="past-reviews"] li').first();
    await listed.waitFor();
    expect(await listed.locator('[data-slot="delivery"]').getAttribute("data-state")).toBe("pull-request");
    expect(await listed.locator('[data-slot="delivery"] a').getAttribute("href")).toBe(link);
    // The comment it carried to the pull request, although its draft is gone here (it came back as a forge thread).
    expect(await listed.locator('[data-slot="messages"]').textContent()).toBe("1 message");
    await page.screenshot({ path: `${screenshotDir}forge-release-past.png` });
  });

  it("a pull request's comment reads as its author's (alice), not as the person's own", async () => {
    const { server, page } = await start();
    const [open] = await server.service.listThreads({ status: "waiting" });
    const card = page.locator(`[data-component="thread"][data-thread-id="${open!.id}"]`);
    await card.waitFor();
    expect(await card.locator('[data-component="message"] [data-slot="author"]').allTextContents()).toEqual(["alice"]);
    // "Sent" would say the person sent it to the agent: it was written on the pull request by someone else.
    expect(await card.locator('[data-component="message"] [data-slot="badge"]').allTextContents()).toEqual([
      "from PR #7",
    ]);
    await card.screenshot({ path: `${screenshotDir}forge-thread-author.png` });
  });
});
