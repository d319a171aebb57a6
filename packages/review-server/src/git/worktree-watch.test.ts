// The work tree watch on a real repository: what the agent writes is told once per burst, what git ignores
// never, and a folder made after the start is watched too.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";
import { watchWorktree, type WorktreeWatch } from "./worktree-watch.js";

const open: { repo: TempRepository; watch: WorktreeWatch | null }[] = [];
afterEach(async () => {
  for (const entry of open.splice(0)) {
    entry.watch?.close();
    await entry.repo.remove();
  }
});

async function watched() {
  const repo = await makeTempRepository();
  await repo.write(".gitignore", "build/\n*.log\nnode_modules/\n");
  await repo.write("src/app.ts", "export const a = 1;\n");
  await mkdir(join(repo.dir, "build"), { recursive: true });
  await repo.write("build/out.js", "1\n");
  await repo.commitAll("start");
  const seen: string[][] = [];
  const watch = await watchWorktree(
    { workTree: repo.dir },
    { onChange: (paths) => seen.push([...paths].sort()), settleMs: 100 },
  );
  open.push({ repo, watch });
  return { repo, watch, seen };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe("watchWorktree", () => {
  it("tells the files the agent writes, once for a burst, and never what git ignores", async () => {
    const { repo, watch, seen } = await watched();
    // The root, src/ (build/ is ignored, .git is git's own).
    expect(watch.folders()).toBe(2);
    await writeFile(join(repo.dir, "build", "out.js"), "2\n");
    await writeFile(join(repo.dir, "debug.log"), "x\n");
    await writeFile(join(repo.dir, "src", "app.ts"), "export const a = 2;\n");
    await writeFile(join(repo.dir, "src", "new.ts"), "export const b = 1;\n");
    expect(await until(() => seen.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([["src/app.ts", "src/new.ts"]]);
  });

  it("watches a folder made after it started, and what is written in it; an ignored one is not walked", async () => {
    const { repo, watch, seen } = await watched();
    await mkdir(join(repo.dir, "node_modules", "pkg", "dist"), { recursive: true });
    await mkdir(join(repo.dir, "lib", "deep"), { recursive: true });
    expect(await until(() => seen.flat().includes("lib"))).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    await writeFile(join(repo.dir, "lib", "deep", "x.ts"), "export {};\n");
    expect(await until(() => seen.flat().includes("lib/deep/x.ts"))).toBe(true);
    // The root, src/, lib/ and lib/deep/: nothing under node_modules.
    expect(watch.folders()).toBe(4);
    expect(seen.flat().some((p) => p.startsWith("node_modules"))).toBe(false);
  });

  it("tells nothing once closed", async () => {
    const { repo, watch, seen } = await watched();
    watch.close();
    await writeFile(join(repo.dir, "src", "app.ts"), "export const a = 3;\n");
    await new Promise((r) => setTimeout(r, 400));
    expect(seen).toEqual([]);
  });
});
