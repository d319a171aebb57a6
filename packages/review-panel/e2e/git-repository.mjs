// Real git repositories in temp folders for the browser tests and the benchmark: plain JavaScript, so the
// benchmark can use it from Node without a build step. The commits are made as nobody in particular.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const IDENTITY = [
  "-c",
  "user.name=panel tests",
  "-c",
  "user.email=panel@opencode-review.invalid",
  "-c",
  "commit.gpgsign=false",
];

/**
 * Runs git in `dir` with a fixed identity and returns its output.
 * @example git(dir, ["init", "-q", "-b", "main"])
 */
export function git(dir, args) {
  return execFileSync("git", [...IDENTITY, ...args], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * Writes each file (`null` deletes it), making folders as needed.
 * @example layFiles(dir, { "src/a.ts": "export {};\n", "old.ts": null })
 */
export function layFiles(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path);
    if (text === null) rmSync(full, { force: true });
    else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
  }
}

/**
 * Makes a repository on branch `main` whose one commit holds `files`: the base every review is measured against.
 * @example initRepository(dir, { "README.md": "# demo\n" })
 */
export function initRepository(dir, files) {
  mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q", "-b", "main"]);
  layFiles(dir, files);
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "base"]);
}

/**
 * The files of a big agent change: exactly `changed` changed lines (each rewritten line is one deletion
 * and one addition) over `count` files, as `{ base, now }` maps of path to text.
 * @example const { base, now } = bigChange(20_000); initRepository(dir, base); layFiles(dir, now)
 */
export function bigChange(changed, count = 300) {
  const base = {};
  const now = {};
  const rewritten = Math.floor(changed / 2);
  for (let f = 0; f < count; f++) {
    const mine = Math.floor(rewritten / count) + (f < rewritten % count ? 1 : 0);
    const before = [];
    const after = [];
    const line = (i) => `  const value${i} = compute(${i}, "file ${f}"); // line ${i}`;
    let n = 0;
    // Runs of 4 rewritten lines between 8 untouched ones: many hunks per file, as agents' edits make.
    for (let k = 0; k < mine; k++) {
      if (k % 4 === 0) for (let u = 0; u < 8; u++, n++) before.push(line(n)), after.push(line(n));
      before.push(line(n));
      after.push(line(n).replace("compute", "computeFaster"));
      n++;
    }
    const wrap = (lines) => `export function f${f}() {\n${lines.join("\n")}\n}\n`;
    const path = `src/module-${String(Math.floor(f / 20)).padStart(2, "0")}/file-${String(f).padStart(3, "0")}.ts`;
    base[path] = wrap(before);
    now[path] = wrap(after);
  }
  return { base, now };
}
