import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ReviewError } from "@opencode-review/core";
import { openRepository } from "./open-repository.js";
import { tempPlaces, type TempRepository } from "./testing/temp-repository.js";
import { resolveWorktreePath } from "./worktree-path.js";

const temp = tempPlaces();
let repo: TempRepository | undefined;
afterEach(async () => {
  repo = undefined;
  await temp.removeAll();
});

async function refusal(promise: Promise<unknown>): Promise<ReviewError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ReviewError)) throw new Error(`expected a ReviewError, got ${String(error)}`);
  return error;
}

describe("resolveWorktreePath", () => {
  it("normalises paths inside the work tree, existing or not", async () => {
    repo = await temp.repository();
    await repo.write("src/app.ts", "x\n");
    const opened = await openRepository(repo.dir);
    expect(await resolveWorktreePath(opened, "./src/../src/app.ts")).toBe("src/app.ts");
    expect(await resolveWorktreePath(opened, join(repo.dir, "src", "app.ts"))).toBe("src/app.ts");
    expect(await resolveWorktreePath(opened, "src//deleted/later.ts")).toBe("src/deleted/later.ts");
    expect(await resolveWorktreePath(opened, ".github/workflows/ci.yml")).toBe(".github/workflows/ci.yml");
  });

  it("refuses .. escapes, absolute paths outside, and the .git folder", async () => {
    repo = await temp.repository();
    const opened = await openRepository(repo.dir);
    for (const path of ["../x", "src/../../x", "/etc/passwd", ".git/config", ".GIT/HEAD", "sub/.git/config"]) {
      expect((await refusal(resolveWorktreePath(opened, path))).code, path).toBe("outside_worktree");
    }
    expect((await refusal(resolveWorktreePath(opened, "../x"))).message).toMatch(/^\.\.\/x is outside the work tree/);
    expect((await refusal(resolveWorktreePath(opened, "."))).code).toBe("invalid_input");
    expect((await refusal(resolveWorktreePath(opened, ""))).code).toBe("invalid_input");
  });

  it("refuses symlinks that lead outside, through a file or a folder", async () => {
    repo = await temp.repository();
    const outside = await temp.folder("opencode-review-outside-");
    await writeFile(join(outside, "secret.txt"), "s\n");
    await symlink(outside, join(repo.dir, "to-tmp"));
    await symlink(join(outside, "secret.txt"), join(repo.dir, "secret-link"));
    await symlink(join(repo.dir, ".git"), join(repo.dir, "sneaky"));
    const opened = await openRepository(repo.dir);
    for (const path of ["to-tmp/secret.txt", "to-tmp/not-there.txt", "secret-link", "sneaky/config"]) {
      expect((await refusal(resolveWorktreePath(opened, path))).code, path).toBe("outside_worktree");
    }
    expect((await refusal(resolveWorktreePath(opened, "to-tmp/secret.txt"))).message).toMatch(/through a symlink/);
  });

  it("accepts symlinks that stay inside, and the last link when asked not to follow it", async () => {
    repo = await temp.repository();
    await mkdir(join(repo.dir, "real"), { recursive: true });
    await writeFile(join(repo.dir, "real", "f.txt"), "f\n");
    await symlink(join(repo.dir, "real"), join(repo.dir, "alias"));
    await symlink("/etc/passwd", join(repo.dir, "passwd-link"));
    const opened = await openRepository(repo.dir);
    expect(await resolveWorktreePath(opened, "alias/f.txt")).toBe("alias/f.txt");
    expect(await resolveWorktreePath(opened, "passwd-link", { followLast: false })).toBe("passwd-link");
    expect((await refusal(resolveWorktreePath(opened, "passwd-link"))).code).toBe("outside_worktree");
  });
});
