import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { makeGitHubFixture, STAND_IN_TOKEN, type GitHubFixture } from "../../forge/testing/github-fixture.js";

let fixture: GitHubFixture | undefined;
const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  for (const s of servers.splice(0)) await new Promise((done) => s.close(done));
});

async function failureOf(run: () => Promise<unknown>): Promise<Error & { details?: unknown }> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("it did not fail");
}

// A host that records what reached it: the other end of a redirect.
async function foreignHost() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? "");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data: null }));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/graphql`, seen };
}

describe("pr pull against hostile forge answers", () => {
  test("a forge that echoes the token back in its error, as a status or a GraphQL error, does not get it into our error", async () => {
    const f = (fixture = await makeGitHubFixture());
    const echoes = [
      { kind: "status", status: 500, body: { message: `token ${STAND_IN_TOKEN} broke us` } },
      { kind: "status", status: 422, body: { message: `bad token ${STAND_IN_TOKEN}` } },
      { kind: "status", status: 401, body: { message: `Bad credentials: ${STAND_IN_TOKEN}` } },
      {
        kind: "status",
        status: 200,
        body: { data: null, errors: [{ type: "SOMETHING", message: `denied for ${STAND_IN_TOKEN}` }] },
      },
    ] as const;
    for (const fault of echoes) {
      f.github.failNext(/^POST \/graphql/, fault);
      const error = await failureOf(() => f.service.pullForge());
      expect(`${error.message} ${JSON.stringify(error.details ?? {})}`).not.toContain(STAND_IN_TOKEN);
      expect(error.message).toContain("[token]");
    }
  });

  test("a redirect to another host does not carry the token there", async () => {
    const f = (fixture = await makeGitHubFixture());
    const other = await foreignHost();
    f.github.failNext(/^POST \/graphql/, { kind: "status", status: 307, body: {}, headers: { location: other.url } });
    await f.service.pullForge().catch(() => undefined);
    // The redirect was followed (the other host was asked), without the token.
    expect(other.seen).toHaveLength(1);
    expect(other.seen.join(" ")).not.toContain(STAND_IN_TOKEN);
  });

  test("a truncated or malformed answer and a 500 fail the pull with one line, storing nothing", async () => {
    const f = (fixture = await makeGitHubFixture());
    f.github.addThread(f.pull, { login: "alice", body: "Fine.", path: "src/app.ts", line: 2, commit: f.head });
    for (const fault of [
      { kind: "status", status: 500, body: "<html>oops</html>" },
      { kind: "status", status: 200, body: { data: { repository: null } } },
      { kind: "status", status: 502, body: { message: "Bad gateway" } },
    ] as const) {
      f.github.failNext(/^POST \/graphql/, fault);
      const error = await failureOf(() => f.service.pullForge());
      expect(error.message.split("\n")).toHaveLength(1);
      expect(await f.service.listThreads({ status: "all" })).toHaveLength(0);
    }
    expect((await f.service.pullForge()).newThreads).toBe(1);
  });

  test("a pagination cursor that loops forever ends the pull with one line instead of reading on", async () => {
    const f = (fixture = await makeGitHubFixture());
    const pull = {
      number: 7,
      url: "https://github.com/octo/app/pull/7",
      headRefName: "feature",
      headRefOid: f.head,
      reviewThreads: { totalCount: 1, pageInfo: { hasNextPage: true, endCursor: "Y3Vyc29yOjE=" }, nodes: [] },
    };
    // The same page, with the same cursor, for the branch's survey and every page after it.
    const page = { data: { repository: { pullRequests: { nodes: [pull] }, pullRequest: pull } } };
    for (let i = 0; i < 5; i++) f.github.failNext(/^POST \/graphql/, { kind: "status", status: 200, body: page });
    const error = await failureOf(() => f.service.pullForge());
    expect(error.message).toMatch(/gave a cursor it gave before; nothing was stored/);
  });
});
