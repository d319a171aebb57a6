import { afterEach, describe, expect, it } from "vitest";
import { ReviewError } from "@opencode-review/core";
import { openRepository } from "./open-repository.js";
import { deleteRef, listRefs, updateRef } from "./refs.js";
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
