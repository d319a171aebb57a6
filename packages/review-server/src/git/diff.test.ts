import { afterEach, describe, expect, it } from "vitest";
import { parseGitDiff } from "@opencode-review/core";
import { diffText, diffWorktreeText } from "./diff.js";
import { openRepository } from "./open-repository.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";

let repo: TempRepository | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

describe("diffText", () => {
  it("limits the patch to the given paths, taken literally", async () => {
    repo = await makeTempRepository();
    await repo.write("a.ts", "a\n");
    await repo.write("b.ts", "b\n");
    await repo.write("*.ts", "star\n");
    const base = await repo.commitAll("base");
    await repo.write("a.ts", "a2\n");
    await repo.write("b.ts", "b2\n");
    await repo.write("*.ts", "star2\n");
    const head = await repo.commitAll("next");
    const opened = await openRepository(repo.dir);
    const patch = await diffText(opened, base, head, ["*.ts"]);
    expect(patch).toContain("+star2\n");
    expect(patch).not.toContain("a2");
    expect(patch).not.toContain("b2");
  });

  it("keeps git's quoting of unusual names and its default a/ b/ prefixes despite user config", async () => {
    repo = await makeTempRepository();
    const base = await repo.commitAll("base");
    await repo.write("naïve file.txt", "x\n");
    const head = await repo.commitAll("add");
    await repo.git("config", "diff.noprefix", "true");
    await repo.git("config", "color.ui", "always");
    const patch = await diffText(await openRepository(repo.dir), base, head);
    expect(patch).toContain('diff --git "a/na\\303\\257ve file.txt" "b/na\\303\\257ve file.txt"\n');
    expect(patch).not.toContain("\u001b[");
  });
});

describe("diffWorktreeText", () => {
  it("diffs against the work tree now, untracked files included", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "1\n2\n3\n");
    const base = await repo.commitAll("base");
    await repo.write("a.txt", "1\ntwo\n3\n");
    await repo.write("fresh.txt", "new\n");
    const patch = await diffWorktreeText(await openRepository(repo.dir), base);
    expect(patch).toContain("@@ -1,3 +1,3 @@\n 1\n-2\n+two\n 3\n");
    expect(patch).toContain("diff --git a/fresh.txt b/fresh.txt\nnew file mode 100644\n");
  });

  it("is empty when the work tree matches", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "1\n");
    const base = await repo.commitAll("base");
    expect(await diffWorktreeText(await openRepository(repo.dir), base)).toBe("");
  });
});

describe("diffText read by the core's parser", () => {
  it("parses into the files a reviewer expects: renamed, deleted, binary, added with an unusual name", async () => {
    repo = await makeTempRepository();
    await repo.write("old.ts", "export const a = 1;\nexport const b = 2;\nexport const c = 3;\n");
    await repo.write("doomed.txt", "bye\n");
    await repo.write("logo.bin", new Uint8Array([1, 0, 2]));
    const base = await repo.commitAll("base");
    await repo.git("mv", "old.ts", "new.ts");
    await repo.git("rm", "-q", "doomed.txt");
    await repo.write("logo.bin", new Uint8Array([1, 0, 3]));
    await repo.write('naïve "quoted".txt', "x\n");
    const head = await repo.commitAll("change");
    const files = parseGitDiff(await diffText(await openRepository(repo.dir), base, head));
    const summary = files.map((f) => ({ path: f.path, oldPath: f.oldPath, status: f.status, binary: f.binary }));
    expect(summary).toEqual([
      { path: "doomed.txt", oldPath: null, status: "deleted", binary: false },
      { path: "logo.bin", oldPath: null, status: "modified", binary: true },
      { path: 'naïve "quoted".txt', oldPath: null, status: "added", binary: false },
      { path: "new.ts", oldPath: "old.ts", status: "renamed", binary: false },
    ]);
  });
});
