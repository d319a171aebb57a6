// @vitest-environment node
// The panel's one error convention: the web's HTTP adapter and the terminal's in-process adapter answer the
// same refused write with the same Outcome (status, code and words), and neither throws. Both run for real
// on one repository and store: the HTTP one against the real server, the terminal one over its own service.
import { describe, expect, it } from "vitest";
import { openTuiBackend } from "../../review-server/src/tui/open-tui-backend.js";
import { createApi } from "../src/api.js";
import type { Outcome, ReviewClient } from "../src/state/review-client.js";
import { startPanelTarget } from "./panel-target.js";

describe("both adapters of the ReviewClient port", () => {
  it("answer a refused write with the same Outcome shape, and a lost server as a value too", async () => {
    const target = await startPanelTarget();
    const terminal = await openTuiBackend({
      dir: target.dir,
      options: { dbPath: target.dbPath },
      send: async () => true,
      pid: -1,
    });
    try {
      // The page's own origin, as the browser sends it (the server refuses another).
      const withOrigin = (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        headers.set("origin", target.origin);
        return fetch(input, { ...init, headers });
      };
      const web = createApi({ base: target.origin, token: target.token, fetch: withOrigin });
      const before = await terminal.threads();
      const released = before.ok ? before.value.threads.find((t) => t.id === target.threads!.open)! : null;
      const message = released!.messages[0]!.id;
      const refusals: readonly (readonly [string, (client: ReviewClient) => Promise<Outcome<unknown>>])[] = [
        // No such thread: 404, in the service's words through both.
        ["same words", (client) => client.resolve("t_nope")],
        // A released message is not a draft: 409.
        ["same words", (client) => client.editMessage(message, { body: "Changed after release." })],
        // An empty comment: 400 (HTTP's schema names the field first, the service says it in its own words).
        ["same status and code", (client) => client.createThread({ file: "src/app.ts", start: 1, end: 1, body: "" })],
      ];
      for (const [same, refuse] of refusals) {
        const [fromWeb, fromTerminal] = [await refuse(web), await refuse(terminal)];
        if (fromWeb.ok || fromTerminal.ok) throw new Error("a refused write was accepted");
        expect(Object.keys(fromTerminal.error).sort()).toEqual(["code", "message", "status"]);
        expect({ status: fromTerminal.error.status, code: fromTerminal.error.code }).toEqual({
          status: fromWeb.error.status,
          code: fromWeb.error.code,
        });
        if (same === "same words") expect(fromTerminal).toEqual(fromWeb);
      }
      expect(await web.resolve("t_nope")).toMatchObject({ ok: false, error: { status: 404, code: "not_found" } });
      expect(await terminal.editMessage(message, { body: "x" })).toMatchObject({
        ok: false,
        error: { status: 409, code: "conflict" },
      });
      // Nothing half-written: the thread still reads as released.
      const listed = await terminal.threads();
      expect(listed.ok && listed.value.threads.find((t) => t.id === released!.id)?.messages[0]?.body).toBe(
        released!.messages[0]!.body,
      );

      // The server gone: the web's answer is a value with status 0, not a throw.
      await target.stop();
      expect(await web.resolve(released!.id)).toMatchObject({ ok: false, error: { status: 0, code: "network" } });
    } finally {
      await terminal.close();
      await target.close();
    }
  });
});
