import { afterEach, describe, expect, it } from "vitest";
import { opencodeDelivery } from "./opencode-delivery.js";
import { startFakeOpencodeServer, type FakeOpencodeServer } from "./testing/fake-opencode-server.js";

const SESSIONS = [
  { id: "ses_old", time: { created: 1, updated: 10 } },
  { id: "ses_newest", time: { created: 2, updated: 50 } },
  // A subagent's session is busier than its parent, but the person talks to the parent.
  { id: "ses_child", parentID: "ses_newest", time: { created: 3, updated: 90 } },
];

describe("opencodeDelivery", () => {
  let opencode: FakeOpencodeServer | undefined;
  afterEach(async () => {
    await opencode?.close();
  });

  it("sends the prose to the most recently updated top-level session", async () => {
    opencode = await startFakeOpencodeServer(SESSIONS);
    const delivery = opencodeDelivery({ baseUrl: opencode.url });
    expect(delivery.mode).toBe("prose");
    expect(await delivery.deliver({ sessionId: "ses_of_another_process", text: "1. src/a.ts line 3: why?" })).toEqual({
      sessionId: "ses_newest",
    });
    expect(opencode.prompts).toEqual([
      { sessionId: "ses_newest", body: { parts: [{ type: "text", text: "1. src/a.ts line 3: why?" }] } },
    ]);
  });

  it("sends to the session it was given", async () => {
    opencode = await startFakeOpencodeServer(SESSIONS);
    const delivery = opencodeDelivery({ baseUrl: opencode.url, sessionId: "ses_old" });
    expect(await delivery.deliver({ sessionId: null, text: "hello" })).toEqual({ sessionId: "ses_old" });
    expect(opencode.prompts.map((p) => p.sessionId)).toEqual(["ses_old"]);
  });

  it("has nowhere to send when the server has no session, and fails when the server refuses", async () => {
    opencode = await startFakeOpencodeServer([]);
    expect(await opencodeDelivery({ baseUrl: opencode.url }).deliver({ sessionId: null, text: "x" })).toBeNull();
    await opencode.close();

    opencode = await startFakeOpencodeServer(SESSIONS, { promptStatus: 404 });
    await expect(
      opencodeDelivery({ baseUrl: opencode.url, sessionId: "ses_gone" }).deliver({ sessionId: null, text: "x" }),
    ).rejects.toThrow(/no such session/);
  });

  it("names the session a release would go to, as the panel shows it, or none", async () => {
    opencode = await startFakeOpencodeServer(SESSIONS);
    // The fake titles each session with its id.
    expect(await opencodeDelivery({ baseUrl: opencode.url }).target()).toEqual({
      id: "ses_newest",
      title: "ses_newest",
    });
    expect(await opencodeDelivery({ baseUrl: opencode.url, sessionId: "ses_old" }).target()).toEqual({
      id: "ses_old",
      title: "ses_old",
    });
    expect(await opencodeDelivery({ baseUrl: opencode.url, sessionId: "ses_unlisted" }).target()).toEqual({
      id: "ses_unlisted",
      title: "ses_unlisted",
    });
    expect(opencode.prompts).toEqual([]);
    const url = opencode.url;
    await opencode.close();
    opencode = await startFakeOpencodeServer([]);
    expect(await opencodeDelivery({ baseUrl: opencode.url }).target()).toBeNull();
    expect(await opencodeDelivery({ baseUrl: url }).target()).toBeNull();
  });

  it("probes: null when the server answers, the reason when it does not", async () => {
    opencode = await startFakeOpencodeServer(SESSIONS);
    expect(await opencodeDelivery({ baseUrl: opencode.url }).probe()).toBeNull();
    const url = opencode.url;
    await opencode.close();
    opencode = undefined;
    expect(await opencodeDelivery({ baseUrl: url }).probe()).toEqual(expect.any(String));
  });
});
