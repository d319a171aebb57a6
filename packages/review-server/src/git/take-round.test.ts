import { rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ReviewError } from "@opencode-review/core";
import { diffText } from "./diff.js";
import { openRepository } from "./open-repository.js";
import { listRefs } from "./refs.js";
import { renamesBetween } from "./renames.js";
import { roundRefName, roundRefPrefix } from "./round-ref-name.js";
import { takeRound } from "./take-round.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";

let repo: TempRepository | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

async function parentsOf(r: TempRepository, sha: string): Promise<string[]> {
  return (await r.git("rev-list", "--parents", "-n", "1", sha)).trim().split(" ").slice(1);
}

describe("takeRound", () => {
  it("takes a first round off HEAD, then none while nothing changes, then a second off the first", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "one\n");
    const head = await repo.commitAll("base");
    await repo.write("a.txt", "two\n");
    const opened = await openRepository(repo.dir);

    const first = await takeRound(opened, { previous: null, ref: roundRefName(opened.branchKey, 1) });
    if (!first.changed) throw new Error("expected a round");
    expect(await parentsOf(repo, first.snapshot)).toEqual([head]);
    expect(await repo.git("show", `${first.snapshot}:a.txt`)).toBe("two\n");

    const same = await takeRound(opened, { previous: first, ref: roundRefName(opened.branchKey, 2) });
    expect(same).toEqual({ changed: false });
    expect(await listRefs(opened, roundRefPrefix("main"))).toEqual([
      { ref: "refs/opencode-review/main/1", sha: first.snapshot },
    ]);

    await repo.write("a.txt", "three\n");
    const second = await takeRound(opened, { previous: first, ref: roundRefName(opened.branchKey, 2) });
    if (!second.changed) throw new Error("expected a round");
    expect(await parentsOf(repo, second.snapshot)).toEqual([first.snapshot]);
    expect(await diffText(opened, first.snapshot, second.snapshot)).toContain("-two\n+three\n");
    // The real branch never moved.
    expect((await repo.git("rev-parse", "main")).trim()).toBe(head);
  });

  it("records renames, deletions, binary and untracked files, and leaves ignored files out", async () => {
    repo = await makeTempRepository();
    await repo.write(".gitignore", "secret.env\n");
    await repo.write("old-name.ts", "export const value = 1;\nexport const other = 2;\nexport const third = 3;\n");
    await repo.write("doomed.txt", "delete me\n");
    await repo.write("logo.bin", new Uint8Array([0x89, 0x50, 0, 1, 2]));
    const head = await repo.commitAll("base");
    await rename(join(repo.dir, "old-name.ts"), join(repo.dir, "new-name.ts"));
    await unlink(join(repo.dir, "doomed.txt"));
    await repo.write("logo.bin", new Uint8Array([0x89, 0x50, 0, 9, 9, 9]));
    await repo.write("added.ts", "brand new\n");
    await repo.write("secret.env", "TOKEN=x\n");
    const opened = await openRepository(repo.dir);

    const round = await takeRound(opened, { previous: null, ref: roundRefName(opened.branchKey, 1) });
    if (!round.changed) throw new Error("expected a round");
    const patch = await diffText(opened, head, round.snapshot);
    expect(patch).toContain("rename from old-name.ts\nrename to new-name.ts\n");
    expect(patch).toContain("deleted file mode 100644\n");
    expect(patch).toContain("Binary files a/logo.bin and b/logo.bin differ\n");
    expect(patch).toContain("diff --git a/added.ts b/added.ts\nnew file mode 100644\n");
    expect(patch).not.toContain("secret.env");
    expect(await renamesBetween(opened, head, round.snapshot)).toEqual(new Map([["old-name.ts", "new-name.ts"]]));
  });

  it("works before the first commit: the first round has no parent and diffs against the empty tree", async () => {
    repo = await makeTempRepository();
    await repo.write("hello.txt", "hi\n");
    const opened = await openRepository(repo.dir);
    const round = await takeRound(opened, { previous: null, ref: roundRefName(opened.branchKey, 1) });
    if (!round.changed) throw new Error("expected a round");
    expect(await parentsOf(repo, round.snapshot)).toEqual([]);
    expect(await diffText(opened, opened.emptyTree, round.snapshot)).toContain("+hi\n");
    // Still no commit on the branch.
    expect((await openRepository(repo.dir)).head).toBeNull();
  });

  it("keeps rounds of a detached HEAD and of another branch under separate refs", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "a\n");
    const head = await repo.commitAll("base");
    await repo.git("checkout", "-q", "-b", "feature/x");
    await repo.write("a.txt", "on feature\n");
    const onFeature = await openRepository(repo.dir);
    const featureRound = await takeRound(onFeature, { previous: null, ref: roundRefName(onFeature.branchKey, 1) });

    await repo.git("checkout", "-q", "-f", "--detach", head);
    await repo.write("a.txt", "detached\n");
    const detached = await openRepository(repo.dir);
    const detachedRound = await takeRound(detached, { previous: null, ref: roundRefName(detached.branchKey, 1) });

    if (!featureRound.changed || !detachedRound.changed) throw new Error("expected rounds");
    const refs = await listRefs(detached, "refs/opencode-review/");
    expect(refs.map((r) => r.ref).sort()).toEqual([
      `refs/opencode-review/detached%3A${head}/1`,
      "refs/opencode-review/feature%2Fx/1",
    ]);
    expect(await repo.git("show", `${featureRound.snapshot}:a.txt`)).toBe("on feature\n");
    expect(await repo.git("show", `${detachedRound.snapshot}:a.txt`)).toBe("detached\n");
  });

  it("refuses to overwrite a round ref another process made first", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "a\n");
    await repo.commitAll("base");
    const opened = await openRepository(repo.dir);
    const ref = roundRefName(opened.branchKey, 1);
    await repo.write("a.txt", "b\n");
    const first = await takeRound(opened, { previous: null, ref });
    await repo.write("a.txt", "c\n");
    const error = await takeRound(opened, { previous: null, ref }).catch((e: unknown) => e);
    expect((error as ReviewError).code).toBe("conflict");
    if (!first.changed) throw new Error("expected a round");
    expect(await listRefs(opened, ref)).toEqual([{ ref, sha: first.snapshot }]);
  });

  it("survives gc: the round, and its base even after the branch is rewritten, stay reachable", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "a\n");
    const base = await repo.commitAll("base");
    await repo.write("a.txt", "round\n");
    const opened = await openRepository(repo.dir);
    const round = await takeRound(opened, { previous: null, ref: roundRefName(opened.branchKey, 1) });
    if (!round.changed) throw new Error("expected a round");
    await repo.git("commit", "-q", "--amend", "-m", "rewritten");
    await repo.git("reflog", "expire", "--expire=now", "--all");
    await repo.git("gc", "-q", "--prune=now");
    expect(await repo.git("show", `${round.snapshot}:a.txt`)).toBe("round\n");
    expect(await repo.git("show", `${base}:a.txt`)).toBe("a\n");
  });
});
