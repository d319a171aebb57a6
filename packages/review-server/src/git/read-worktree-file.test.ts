import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readWorktreeFile } from "./read-worktree-file.js";
import { makeTempRepository, type TempRepository } from "./testing/temp-repository.js";

let repo: TempRepository;
let outside: string;
let swapper: ChildProcess | null = null;

beforeEach(async () => {
  repo = await makeTempRepository();
  outside = await mkdtemp(join(tmpdir(), "ocr-outside-"));
  await writeFile(join(outside, "secret.txt"), "TOP SECRET\n");
  await mkdir(join(outside, "d"));
  await writeFile(join(outside, "d", "f.txt"), "TOP SECRET IN A FOLDER\n");
  await repo.write("src/x.txt", "inside\n");
  await repo.write("src/d/f.txt", "inside folder\n");
});

afterEach(async () => {
  swapper?.kill("SIGKILL");
  swapper = null;
  await repo.remove();
  await rm(outside, { recursive: true, force: true });
});

/**
 * Another process that swaps, as fast as it can, a file for a symlink out of the work tree and a folder for
 * a link to a folder outside, each by an atomic rename, so every read may land between a check and a use.
 */
function startSwapping(dir: string, out: string): Promise<ChildProcess> {
  const script = `
    const fs = require("node:fs"); const p = require("node:path");
    const [dir, out] = process.argv.slice(1);
    const file = p.join(dir, "src/x.txt"), folder = p.join(dir, "src/d");
    const tmpFile = p.join(dir, "src/.swap-file"), tmpLink = p.join(dir, "src/.swap-link");
    const tmpFolder = p.join(dir, "src/.swap-folder"), tmpFolderLink = p.join(dir, "src/.swap-folder-link");
    process.stdout.write("go\\n");
    for (let i = 0; ; i++) {
      try {
        if (i % 2 === 0) {
          fs.rmSync(tmpLink, { force: true }); fs.symlinkSync(p.join(out, "secret.txt"), tmpLink); fs.renameSync(tmpLink, file);
          fs.rmSync(tmpFolderLink, { force: true }); fs.symlinkSync(p.join(out, "d"), tmpFolderLink);
          fs.rmSync(tmpFolder, { recursive: true, force: true }); fs.renameSync(folder, tmpFolder); fs.renameSync(tmpFolderLink, folder);
        } else {
          fs.writeFileSync(tmpFile, "inside\\n"); fs.renameSync(tmpFile, file);
          fs.rmSync(folder, { force: true }); fs.renameSync(tmpFolder, folder);
        }
      } catch {}
    }`;
  const child = spawn(process.execPath, ["-e", script, dir, out], { stdio: ["ignore", "pipe", "ignore"] });
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", () => resolve(child));
    child.once("error", reject);
  });
}

describe("readWorktreeFile", () => {
  it("reads a file, and a symlink as the path it points to", async () => {
    await symlink(join(outside, "secret.txt"), join(repo.dir, "src", "leak.txt"));
    expect(await readWorktreeFile({ workTree: repo.dir }, "src/x.txt")).toEqual({ kind: "text", text: "inside\n" });
    expect(await readWorktreeFile({ workTree: repo.dir }, "src/leak.txt")).toEqual({
      kind: "text",
      text: join(outside, "secret.txt"),
    });
  });

  it("leaks nothing outside the work tree in 3,000 reads while another process swaps files and folders for symlinks", async () => {
    swapper = await startSwapping(repo.dir, outside);
    let leaks = 0;
    let read = 0;
    const kinds = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const path = i % 2 === 0 ? "src/x.txt" : "src/d/f.txt";
      const content = await readWorktreeFile({ workTree: repo.dir }, path).catch(
        (error: { code?: string }) => ({ kind: `refused:${error.code}` }) as const,
      );
      kinds.set(content.kind, (kinds.get(content.kind) ?? 0) + 1);
      if (content.kind === "text") {
        read++;
        if (content.text.includes("TOP SECRET")) leaks++;
      }
    }
    expect(leaks, `kinds read: ${JSON.stringify(Object.fromEntries(kinds))}`).toBe(0);
    // The swapping really raced the reads: some reads found the file inside, some did not.
    expect(read).toBeGreaterThan(0);
  }, 120_000);
});
