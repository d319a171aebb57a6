import { copyFile, mkdir, readdir, readFile, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";

// A round folder lists the files the agent deleted in this file; it is instructions, not content.
const DELETED_LIST = ".deleted";

// Walked by hand: readdir's recursive entries name their folder differently across Node 20 releases.
async function filesUnder(root: string, dir = root): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(root, path)));
    else if (entry.isFile() && relative(root, path) !== DELETED_LIST) files.push(relative(root, path));
  }
  return files.sort();
}

/**
 * Lays one round's folder over a work tree: its files are copied in (byte for byte, folders made as
 * needed) and the paths its `.deleted` file lists are removed. Returns what changed, in POSIX paths.
 * @example await layDemoRound(join(demoFolder, "round1"), repoDir) // { written: ["src/paginate.ts", ...], deleted: ["src/format.ts"] }
 */
export async function layDemoRound(
  roundFolder: string,
  workTree: string,
): Promise<{ readonly written: readonly string[]; readonly deleted: readonly string[] }> {
  const written = await filesUnder(roundFolder);
  for (const path of written) {
    await mkdir(join(workTree, path, ".."), { recursive: true });
    await copyFile(join(roundFolder, path), join(workTree, path));
  }
  const listed = await readFile(join(roundFolder, DELETED_LIST), "utf8").catch(() => "");
  const deleted = listed
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith("#"));
  for (const path of deleted) await rm(join(workTree, path), { force: true });
  return { written: written.map((path) => path.split(sep).join("/")), deleted };
}
