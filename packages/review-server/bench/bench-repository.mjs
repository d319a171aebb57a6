// The repositories the server's benchmarks measure on, built in one place: a wide tree of 20,000 small
// files (what a round or a watch walks), and a reviewed change of a hundred files of 300 lines (what a
// listing locates threads in). Each bench builds its own copy in a temp folder.
import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** git in `cwd` with a fixed author and no automatic gc (a gc mid-measurement would count against git). */
export function benchGit(cwd) {
  return (...args) =>
    run("git", ["-c", "user.name=b", "-c", "user.email=b@b", "-c", "gc.auto=0", ...args], { cwd, maxBuffer: 1 << 28 });
}

/** The path of file `i` of the wide tree: 20 top folders x 20 sub folders, nesting like a real project's src tree. */
export function widePath(i) {
  return join(`pkg${i % 20}`, `mod${Math.floor(i / 20) % 20}`, `file${i}.ts`);
}

/**
 * A committed repository of `files` small files over 400 folders (`widePath`), each file's text `text(i)`.
 * @example await wideRepository(dir, { files: 20_000, text: (i) => `export const v${i} = ${i};\n` });
 */
export async function wideRepository(dir, { files, text }) {
  const git = benchGit(dir);
  await git("init", "-q", "-b", "main");
  const folders = new Set();
  for (let i = 0; i < files; i++) folders.add(join(dir, widePath(i), ".."));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  // 500 at a time: a single Promise.all over 20,000 writes runs out of file handles.
  for (let i = 0; i < files; i += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, files - i) }, (_, k) => writeFile(join(dir, widePath(i + k)), text(i + k))),
    );
  }
  await git("add", "-A");
  await git("commit", "-q", "-m", "generated");
}

/**
 * A committed base of `files` files of `lines` lines in `folders` folders, then the agent's change (line
 * `changedLine`, by default the last, edited in every file, so every file is in the round's diff), left in
 * the work tree.
 * Returns the files' paths and texts: `baseText(f)` as committed, `changedText(f)` as the agent left it.
 * @example const change = await reviewedChange(dir, { files: 100, lines: 300, folders: 10 });
 */
export async function reviewedChange(dir, { files, lines, folders, changedLine = lines }) {
  const git = benchGit(dir);
  const pathOf = (f) => `src/mod${f % folders}/file${f}.ts`;
  const baseText = (f) =>
    Array.from({ length: lines }, (_, i) => `export const f${f}_${i + 1} = ${i + 1}; // line ${i + 1}`).join("\n") +
    "\n";
  const changedText = (f) =>
    baseText(f).replace(`// line ${changedLine}\n`, `// line ${changedLine}, changed by the agent\n`);
  const paths = Array.from({ length: files }, (_, f) => pathOf(f));
  await git("init", "-q", "-b", "main");
  for (let m = 0; m < folders; m++) await mkdir(join(dir, `src/mod${m}`), { recursive: true });
  await Promise.all(paths.map((p, f) => writeFile(join(dir, p), baseText(f))));
  await git("add", "-A");
  await git("commit", "-q", "-m", "base");
  await Promise.all(paths.map((p, f) => writeFile(join(dir, p), changedText(f))));
  return { paths, pathOf, baseText, changedText };
}

/** Where thread `k` of a file sits: lines 30, 80, 130, ..., apart, so an edit under one never touches another. */
export const threadLine = (k) => 30 + 50 * k;
/** A thread's first message, as long as a person's usual comment. */
export const threadBody = (f, k) =>
  `File ${f}, thread ${k}: this constant should come from the config, not be written out here. Please move it.`;
