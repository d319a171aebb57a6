import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One step of a command the docs give: `A && B` is two steps, run in order. */
export type DocStep = string;

/**
 * What the docs tell a person to run, in one place: a fenced block (its lines in order, in one folder and
 * environment: `cd` and `export` carry to the next line) or one inline command.
 */
export interface DocCommand {
  /** `README.md:50`: where it is written. */
  readonly where: string;
  /** Each line, split into its `&&` steps. */
  readonly lines: readonly (readonly DocStep[])[];
}

const FENCE_TAGS = new Set(["sh", "bash", "shell", "console"]);
/** Inline spans that are steps of this project: its command, the workspace's scripts, the clone's CLI, npx. */
const INLINE_START = /^(opencode-review|npx|pnpm|node|alias)\s/;
/** git's and opencode's own commands are steps here only when they name this project. */
const INLINE_NAMING = /^(git|opencode)\s.*opencode-review/;

/** The Markdown a clone's user reads for how to run things: the README, docs/, and each example's README. */
export function docFiles(root: string): string[] {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  const examples = readdirSync(join(root, "examples"))
    .map((name) => `examples/${name}/README.md`)
    .filter((path) => existsSync(join(root, path)));
  return ["README.md", ...docs, ...examples];
}

/**
 * Every command the files give: each fenced `sh`/`bash`/`shell`/`console` block, and each inline code
 * span (outside blocks) that starts as a command of this project does (see INLINE_START), once however
 * many times it is written (at its first place).
 * @example extractCommands("/repo")[0] // { where: "README.md:41", lines: [["node packages/review-server/dist/cli.js <command>"]] }
 */
export function extractCommands(root: string): DocCommand[] {
  const out: DocCommand[] = [];
  const inlineSeen = new Set<string>();
  for (const file of docFiles(root)) {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    let block: { tag: string; start: number; body: string[] } | null = null;
    lines.forEach((line, index) => {
      const fence = /^\s*```(\S*)/.exec(line);
      if (fence) {
        if (block === null) block = { tag: fence[1]!, start: index + 1, body: [] };
        else {
          if (FENCE_TAGS.has(block.tag))
            out.push({ where: `${file}:${block.start}`, lines: commandLines(block.body, block.tag === "console") });
          block = null;
        }
        return;
      }
      if (block !== null) {
        block.body.push(line);
        return;
      }
      for (const span of line.matchAll(/`([^`]+)`/g)) {
        const code = span[1]!.trim().replace(/\s+/g, " ");
        if (!INLINE_START.test(code) && !INLINE_NAMING.test(code)) continue;
        if (inlineSeen.has(code)) continue;
        inlineSeen.add(code);
        out.push({ where: `${file}:${index + 1}`, lines: [steps(code)] });
      }
    });
  }
  return out;
}

/** A block's command lines: `\` joins lines, a `$ ` prompt (console) and `# comments` go, blank lines too. */
function commandLines(body: readonly string[], console: boolean): DocStep[][] {
  const joined: string[] = [];
  let carry = "";
  for (const raw of body) {
    let line = raw.trim();
    if (console) {
      if (!line.startsWith("$ ")) continue; // output shown after a prompt line
      line = line.slice(2);
    }
    line = line.replace(/(^|\s)#\s.*$/, "").trim();
    if (line.endsWith("\\")) {
      carry += `${line.slice(0, -1)} `;
      continue;
    }
    line = (carry + line).trim();
    carry = "";
    if (line !== "") joined.push(line);
  }
  return joined.map(steps);
}

/** `A && B` as two steps; a subshell `( ... )` stays one step. */
function steps(line: string): DocStep[] {
  if (line.startsWith("(")) return [line];
  return line.split(" && ").map((s) => s.trim());
}
