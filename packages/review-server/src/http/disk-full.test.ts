import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diskFullError, isDiskFull, ReviewError } from "@opencode-review/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempRepository } from "../git/testing/temp-repository.js";
import { startReviewServer } from "../server/start-review-server.js";
import { listThreadRows } from "./testing/list-thread-rows.js";
import { errorResponse } from "./error-response.js";

describe("a full disk, as errors", () => {
  it("maps SQLite's SQLITE_FULL, the OS's ENOSPC and git's 'No space left on device' to 507 saying nothing was lost", () => {
    const causes = [
      Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }),
      Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
      new ReviewError("internal", "git add failed (exit 128): error: unable to write file", { stderr: "fatal: write error: No space left on device\n" }),
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

describe.skipIf(canMount !== null)(`a full disk, for real (2 MB tmpfs)${canMount ? `: skipped, ${canMount}` : ""}`, () => {
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
    const server = await startReviewServer({ dir: repo.dir, dbPath, delivery: { mode: "tools", deliver: async () => null }, tools: true, panelDir: join(repo.dir, "no-panel") });
    try {
      const post = () =>
        fetch(`${server.url}/api/threads`, {
          method: "POST",
          headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json", origin: server.url },
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
});
