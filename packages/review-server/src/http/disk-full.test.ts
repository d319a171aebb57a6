import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diskFullError, isDiskFull, ReviewError } from "@opencode-review/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempRepository } from "../git/testing/temp-repository.js";
import { startReviewServer } from "../server/start-review-server.js";
import { openTuiBackend } from "../tui/open-tui-backend.js";
import { outcomeValue } from "../tui/testing/backend-answers.js";
import { listThreadRows } from "./testing/list-thread-rows.js";
import { errorResponse } from "./error-response.js";
import { systemClock } from "../service/clock.js";

describe("a full disk, as errors", () => {
  it("maps SQLite's SQLITE_FULL, the OS's ENOSPC and git's 'No space left on device' to 507 saying nothing was lost", () => {
    const causes = [
      Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }),
      Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
      new ReviewError("internal", "git add failed (exit 128): error: unable to write file", {
        stderr: "fatal: write error: No space left on device\n",
      }),
      diskFullError("git add"),
    ];
    for (const cause of causes) {
      expect(isDiskFull(cause)).toBe(true);
      const answer = errorResponse(cause);
      expect(answer.status).toBe(507);
      expect(answer.body.error.code).toBe("disk_full");
      expect(answer.body.error.message).toMatch(/disk is full\. Nothing was lost/);
    }
    expect(isDiskFull(new Error("database is locked"))).toBe(false);
    expect(errorResponse(new Error("boom")).status).toBe(500);
  });
});

// A real full disk: a 2 MB tmpfs, which only root may mount.
const canMount = (() => {
  if (process.getuid?.() !== 0) return "not root";
  const probe = mkdtempSync(join(tmpdir(), "ocr-mount-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return null;
  } catch (error) {
    return `mount -t tmpfs is not allowed here (${String(error).split("\n")[0]})`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

describe.skipIf(canMount !== null)(
  `a full disk, for real (2 MB tmpfs)${canMount ? `: skipped, ${canMount}` : ""}`,
  () => {
    let mount: string;
    beforeAll(() => {
      mount = mkdtempSync(join(tmpdir(), "ocr-full-disk-"));
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mount]);
    });
    afterAll(() => {
      execFileSync("umount", ["-l", mount]);
      rmSync(mount, { recursive: true, force: true });
    });

    it("answers 507 when SQLite cannot write, keeps every write it acknowledged, and works again once there is room", async () => {
      const repo = await makeTempRepository();
      await repo.write("src/a.ts", "export const a = 1;\n");
      await repo.commitAll("base");
      const dbPath = join(mount, "store", "review.sqlite");
      mkdirSync(join(mount, "store"));
      const server = await startReviewServer({
        now: systemClock,
        dir: repo.dir,
        dbPath,
        delivery: { mode: "tools", deliver: async () => null },
        tools: true,
        panelDir: join(repo.dir, "no-panel"),
      });
      try {
        const post = () =>
          fetch(`${server.url}/api/threads`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${server.token}`,
              "content-type": "application/json",
              origin: server.url,
            },
            body: JSON.stringify({ file: "src/a.ts", start: 1, end: 1, body: "x".repeat(1000) }),
          });
        expect((await post()).status).toBe(201);
        // Fill what is left of the disk, then write until SQLite meets the wall.
        try {
          writeFileSync(join(mount, "filler"), Buffer.alloc(2 * 1024 * 1024));
        } catch {
          // ENOSPC: the filler took all there was.
        }
        let acknowledged = 1;
        let full: { status: number; json: any } | null = null;
        for (let i = 0; i < 500 && full === null; i++) {
          const res = await post();
          if (res.status === 201) acknowledged++;
          else full = { status: res.status, json: await res.json() };
        }
        expect(full?.status).toBe(507);
        expect(full?.json.error.code).toBe("disk_full");
        expect(full?.json.error.message).toMatch(/disk is full\. Nothing was lost/);

        rmSync(join(mount, "filler"));
        expect((await post()).status).toBe(201);
        expect(await listThreadRows(server.url, server.token)).toBe(acknowledged + 1);
      } finally {
        await server.close();
        await repo.remove();
      }
    }, 120_000);

    it("starts read-only on a disk that filled up: both panels read the review, writes answer 507 with what to do, and saving comes back once there is room", async () => {
      const repo = await makeTempRepository();
      await repo.write("src/a.ts", "export const a = 1;\n");
      await repo.commitAll("base");
      await repo.write("src/a.ts", "export const a = 2;\n");
      const dbPath = join(mount, "again", "review.sqlite");
      mkdirSync(join(mount, "again"));
      const options = {
        dir: repo.dir,
        dbPath,
        delivery: { mode: "tools" as const, deliver: async () => null },
        now: systemClock,
        tools: true,
        panelDir: join(repo.dir, "no-panel"),
      };
      const call = (server: { url: string; token: string }, method: string, path: string, body?: unknown) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json", origin: server.url },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const comment = { file: "src/a.ts", start: 1, end: 1, body: "Why 2?" };
      // The person's review, written while there was room.
      const before = await startReviewServer(options);
      expect((await call(before, "POST", "/api/threads", comment)).status).toBe(201);
      await before.close();
      // Then the disk fills up (the old code could not even start: "disk I/O error" opening the store).
      try {
        writeFileSync(join(mount, "filler"), Buffer.alloc(4 * 1024 * 1024));
      } catch {
        // ENOSPC: the filler took all there was.
      }
      const server = await startReviewServer(options);
      try {
        const threads = await call(server, "GET", "/api/threads?status=all");
        expect(threads.status).toBe(200);
        expect(
          ((await threads.json()) as { threads: { messages: { body: string }[] }[] }).threads.map(
            (t) => t.messages[0]?.body,
          ),
        ).toEqual(["Why 2?"]);
        expect((await call(server, "GET", "/api/diff")).status).toBe(200);
        const refused = await call(server, "POST", "/api/threads", { ...comment, body: "Another." });
        expect(refused.status).toBe(507);
        const { error } = (await refused.json()) as { error: { code: string; message: string } };
        expect(error.code).toBe("disk_full");
        expect(error.message).toMatch(
          /is full, so the review was opened read-only: it can be read, but this change was not saved\. Free some space there/,
        );

        // The terminal panel reads it too, and is refused the same way.
        const terminal = await openTuiBackend({ dir: repo.dir, options: { dbPath }, send: async () => true, pid: -1 });
        try {
          expect((await outcomeValue(terminal.threads())).threads.map((t) => t.messages[0]?.body)).toEqual(["Why 2?"]);
          await expect(
            outcomeValue(terminal.createThread({ ...comment, side: "new", body: "From the terminal." })),
          ).rejects.toMatchObject({ code: "disk_full" });
        } finally {
          await terminal.close();
        }

        // Room again: the same server saves, with no restart.
        rmSync(join(mount, "filler"));
        await expect
          .poll(async () => (await call(server, "POST", "/api/threads", { ...comment, body: "Saved now." })).status, {
            timeout: 30_000,
            interval: 500,
          })
          .toBe(201);
        const all = (await (await call(server, "GET", "/api/threads?status=all")).json()) as {
          threads: { messages: { body: string }[] }[];
        };
        expect(all.threads.map((t) => t.messages[0]?.body).sort()).toEqual(["Saved now.", "Why 2?"]);
      } finally {
        await server.close();
        await repo.remove();
      }
    }, 120_000);
  },
);
