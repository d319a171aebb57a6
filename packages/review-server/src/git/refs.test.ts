import { afterEach, describe, expect, it } from "vitest";
import { ReviewError } from "@opencode-review/core";
import { openRepository } from "./open-repository.js";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createRef, deleteRef, listRefs, updateRef } from "./refs.js";
import { roundRefName, roundRefPrefix } from "./round-ref-name.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";

let repo: TempRepository | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

describe("round ref names", () => {
  it("makes one valid ref segment per branch key, whatever the branch is called", async () => {
    repo = await makeTempRepository();
    const keys = ["main", "a", "a/1", "detached:0123abc", "weird..name", ".hidden", "x.lock", "naïve", "sp ace"];
    const names = keys.map((key) => roundRefName(key, 1));
    expect(new Set(names).size).toBe(keys.length);
    for (const name of names) {
      const checked = await repo.git("check-ref-format", name).then(
        () => true,
        () => false,
      );
      expect(checked, name).toBe(true);
      expect(name.split("/")).toHaveLength(4);
    }
    expect(roundRefName("feature/x", 12)).toBe("refs/opencode-review/feature%2Fx/12");
    expect(roundRefPrefix("main")).toBe("refs/opencode-review/main/");
  });
});

describe("refs", () => {
  it("creates, lists, moves and deletes refs under refs/opencode-review/", async () => {
    repo = await makeTempRepository();
    const one = await repo.commitAll("one");
    const two = await repo.commitAll("two");
    const opened = await openRepository(repo.dir);
    const ref = roundRefName("main", 1);

    expect(await updateRef(opened, ref, one, { expected: null })).toBe(true);
    expect(await updateRef(opened, ref, two, { expected: null })).toBe(false);
    expect(await updateRef(opened, ref, two, { expected: two })).toBe(false);
    expect(await updateRef(opened, ref, two, { expected: one })).toBe(true);
    await updateRef(opened, roundRefName("main", 2), one);
    await updateRef(opened, roundRefName("main-2", 1), one);
    expect(await listRefs(opened, roundRefPrefix("main"))).toEqual([
      { ref: "refs/opencode-review/main/1", sha: two },
      { ref: "refs/opencode-review/main/2", sha: one },
    ]);

    await deleteRef(opened, ref);
    await deleteRef(opened, ref);
    expect((await listRefs(opened, roundRefPrefix("main"))).map((r) => r.ref)).toEqual(["refs/opencode-review/main/2"]);
  });

  it("refuses to write or delete a branch, a tag or the stash", async () => {
    repo = await makeTempRepository();
    const one = await repo.commitAll("one");
    const opened = await openRepository(repo.dir);
    for (const ref of ["refs/heads/main", "refs/stash", "refs/opencode-review/", "HEAD"]) {
      const error = await updateRef(opened, ref, one).catch((e: unknown) => e);
      expect((error as ReviewError).code, ref).toBe("invalid_input");
      const deletion = await deleteRef(opened, ref).catch((e: unknown) => e);
      expect((deletion as ReviewError).code, ref).toBe("invalid_input");
    }
    expect((await repo.git("rev-parse", "main")).trim()).toBe(one);
  });
});

describe("createRef (written as git writes loose refs)", () => {
  it("creates a ref git reads back, and refuses one that exists loose, packed or locked", async () => {
    repo = await makeTempRepository();
    const one = await repo.commitAll("one");
    const two = await repo.commitAll("two");
    const opened = await openRepository(repo.dir);

    expect(await createRef(opened, "refs/opencode-review/main/1", one)).toBe(true);
    expect((await repo.git("rev-parse", "refs/opencode-review/main/1")).trim()).toBe(one);
    expect(await createRef(opened, "refs/opencode-review/main/1", two)).toBe(false);
    expect((await repo.git("rev-parse", "refs/opencode-review/main/1")).trim()).toBe(one);

    await repo.git("pack-refs", "--all");
    expect(await createRef(opened, "refs/opencode-review/main/1", two)).toBe(false);

    // Another writer holds the lock, as git update-ref would while it writes.
    await writeFile(join(opened.commonDir, "refs", "opencode-review", "main", "2.lock"), "");
    expect(await createRef(opened, "refs/opencode-review/main/2", two)).toBe(false);
    expect(await createRef(opened, "refs/opencode-review/main/3", two)).toBe(true);
    expect((await repo.git("for-each-ref", "--format=%(refname)", "refs/opencode-review/")).trim().split("\n")).toEqual(
      ["refs/opencode-review/main/1", "refs/opencode-review/main/3"],
    );
    // The ref keeps a commit no branch reaches alive through gc.
    const round = (await repo.git("commit-tree", "-m", "round", `${two}^{tree}`)).trim();
    expect(await createRef(opened, "refs/opencode-review/main/4", round)).toBe(true);
    await repo.git("gc", "--prune=now", "-q");
    expect((await repo.git("cat-file", "-t", round)).trim()).toBe("commit");

    await expect(createRef(opened, "refs/heads/main", two)).rejects.toBeInstanceOf(ReviewError);
  });
});
