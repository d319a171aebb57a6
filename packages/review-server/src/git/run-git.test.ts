import { afterEach, describe, expect, it } from "vitest";
import { ReviewError } from "@opencode-review/core";
import { execGit, runGit } from "./run-git.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";

let repo: TempRepository | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

describe("runGit", () => {
  it("returns stdout and feeds stdin", async () => {
    repo = await makeTempRepository();
    const sha = await runGit(repo.dir, ["hash-object", "--stdin"], { input: "hello\n" });
    expect(sha.trim()).toBe("ce013625030ba8dba906f756967f9e9ca394464a");
  });

  it("throws a ReviewError carrying git's stderr on a non-zero exit", async () => {
    repo = await makeTempRepository();
    const error = await runGit(repo.dir, ["rev-parse", "--verify", "no-such-rev"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReviewError);
    expect((error as ReviewError).details?.stderr).toMatch(/fatal/);
    expect((error as ReviewError).details?.exitCode).toBe(128);
  });

  it("reports a non-zero exit as a value from execGit", async () => {
    repo = await makeTempRepository();
    const result = await execGit(repo.dir, ["rev-parse", "-q", "--verify", "HEAD"]);
    expect(result.exitCode).toBe(1);
  });

  it("says clearly when git is not installed", async () => {
    repo = await makeTempRepository();
    const error = await runGit(repo.dir, ["version"], { env: { PATH: "/nonexistent-bin" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReviewError);
    expect((error as ReviewError).message).toMatch(/git was not found on PATH/);
  });

  it("ignores an inherited GIT_DIR that points elsewhere", async () => {
    repo = await makeTempRepository();
    const other = await makeTempRepository();
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = `${other.dir}/.git`;
    try {
      const top = await runGit(repo.dir, ["rev-parse", "--show-toplevel"]);
      expect(top.trim()).toBe(repo.dir);
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
      await other.remove();
    }
  });
});
