// The hostile pull of hostile-forge-pull.test.ts, against the Forgejo and Gitea stand-ins.
import { afterEach, describe, expect, test } from "vitest";
import { makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";

let fixture: ForgejoFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe.each(["forgejo", "gitea"] as const)("pr pull of hostile %s data", (flavor) => {
  test("paths out of the work tree are skipped with a reason, a long body comes in whole, escapes are dropped, the reply posts", async () => {
    const f = (fixture = await makeForgejoFixture(flavor));
    for (const path of ["../../etc/passwd", "/etc/passwd", "a/../../x", "new\nline"]) {
      f.forgejo.addThread(f.pull, { login: "mallory", body: `on ${path}`, path, line: 1, commit: f.head });
    }
    const long = `${"word ".repeat(2000)}end`;
    f.forgejo.addThread(f.pull, {
      login: "\u001b]0;pwned\u0007alice",
      body: `${long}\u001b[2J`,
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    const result = await f.service.pullForge();
    expect(result.newThreads).toBe(1);
    expect(result.skipped).toHaveLength(4);
    const [thread] = await f.service.listThreads({ status: "all" });
    expect(thread!.messages[0]).toMatchObject({ login: "]0;pwnedalice", body: `${long}[2J` });

    await f.service.agentReply({ id: thread!.id, text: "Shorter, please." });
    expect(await f.service.pushForge()).toMatchObject({ posted: 1, failed: [] });
    const posted = f.pull.reviews
      .flatMap((r) => r.comments)
      .map((c) => c.body)
      .find((b) => b.includes("Shorter, please."))!;
    // Gitea's reply quotes what it answers: a reminder, cut, not the 10,000 characters again.
    expect(posted.length).toBeLessThan(1000 + 600);
    expect(f.forgejo.problems).toEqual([]);
  });
});
