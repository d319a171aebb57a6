// A small agent change reviewed over two rounds, with a thread in every state the panel shows.
// Round 1 is the agent's first change; the person comments and releases; round 2 is the agent's answer,
// after which the agent replies, resolves and leaves a note, and the person keeps one draft.
import type { ReviewService } from "../../review-server/src/service/index.js";
import { initRepository, layFiles } from "./git-repository.mjs";
import type { ScenarioThreads } from "./panel-target.js";

const appBase = `import { sum } from "./lib/math.js";
import { readConfig } from "./config.js";

export interface Options {
  readonly verbose: boolean;
  readonly retries: number;
}

export function main(options: Options): number {
  const config = readConfig();
  if (options.verbose) console.log("config", config);
  let total = 0;
  for (let i = 0; i < options.retries; i++) {
    total = sum(total, i);
  }
  return total;
}

function unused(): void {
  // left over from the first draft
}

export function shutdown(): void {
  console.log("bye");
}

export function describe(options: Options): string {
  return \`verbose=\${options.verbose} retries=\${options.retries}\`;
}

export const version = "1.0.0";
export const name = "demo";
export const homepage = "https://example.com";
export const license = "MIT";
export const author = "someone";
export const keywords = ["demo", "review"];
export const engines = { node: ">=20" };
export const files = ["dist"];
export const main2 = "dist/index.js";
export const types = "dist/index.d.ts";
export const sideEffects = false;
`;
const appRound1 = appBase
  .replace(
    "i < options.retries; i++) {\n    total = sum(total, i);",
    "i <= options.retries; i++) {\n    total = sum(total, i * 2);",
  )
  .replace("function unused(): void {\n  // left over from the first draft\n}\n\n", "")
  .replace('version = "1.0.0"', 'version = "1.1.0"');
const appNow = appRound1
  .replace(
    'export function shutdown(): void {\n  console.log("bye");\n}',
    'export function shutdown(code = 0): never {\n  console.log("bye");\n  process.exit(code);\n}',
  )
  .replace("export const sideEffects = false;", "export const sideEffects = false;\nexport const private_ = true;");
const mathBase = `export function sum(a: number, b: number): number {
  return a + b;
}

export function product(a: number, b: number): number {
  return a * b;
}
`;
const mathNow = `export function sum(a: number, b: number): number {
  return a + b;
}

/** Multiplies, refusing NaN. */
export function product(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) throw new Error("NaN");
  return a * b;
}

export function mean(values: readonly number[]): number {
  return values.reduce(sum, 0) / values.length;
}
`;
const greetBase =
  'export const greeting = "hello";\nexport function greet(who: string): string {\n  return greeting + " " + who;\n}\n';
const greetRound1 =
  'export const greeting = "hello";\nexport function greet(who: string): string {\n  return greeting + ", " + who;\n}\n';
const greetNow =
  'export const greeting = "hello";\nexport function greet(who: string): string {\n  return `${greeting}, ${who}!`;\n}\n';
const legacy = "// The old entry point, replaced by src/app.ts.\nexport function start() {\n  return 42;\n}\n";
const feature =
  'import { main } from "./app.js";\n\nexport function feature(): number {\n  return main({ verbose: false, retries: 3 });\n}\n';
const readmeBase = "# demo\n\nA tiny project.\n\n## Use\n\nRun `demo`.\n";
const readmeNow =
  "# demo\n\nA tiny project, now with features.\n\n## Use\n\nRun `demo --retries 3`.\n\n## License\n\nMIT\n";
const guideBase = "# Guide\n\nStep one: install.\nStep three: run.\n";
const guideRound1 = "# Guide\n\nStep one: install.\nStep two: configure the retries option.\nStep three: run.\n";
const guideNow = "# Guide\n\nStep one: install.\nStep three: run.\nStep four: enjoy.\n";
// Not text: git shows it as a binary change.
const logo = (n: number) => `\x89PNG\r\n\x1a\n\0\0\0\rIHDR${String.fromCharCode(n)}\0\0`;

/**
 * Makes the scenario's repository at `dir` (its base commit) and returns the function that plays the review on it.
 * @example const play = scenario(dir); const server = await startReviewServer({ dir, ... }); const ids = await play(server.service)
 */
export function scenario(dir: string): (service: ReviewService) => Promise<ScenarioThreads> {
  initRepository(dir, {
    "src/app.ts": appBase,
    "src/lib/math.ts": mathBase,
    "src/old-name.ts": greetBase,
    "src/legacy.ts": legacy,
    "assets/logo.png": logo(1),
    "README.md": readmeBase,
    "docs/guide.md": guideBase,
  });
  return async (service) => {
    layFiles(dir, {
      "src/app.ts": appRound1,
      "src/old-name.ts": greetRound1,
      "src/legacy.ts": null,
      "src/feature.ts": feature,
      "assets/logo.png": logo(2),
      "docs/guide.md": guideRound1,
    });
    const round1 = await service.takeRound();
    const on = { roundId: round1.id };
    const open = await service.draftThread({
      ...on,
      file: "src/app.ts",
      start: 13,
      end: 13,
      body: "This runs one time more than `retries` says. Intentional?",
    });
    const unread = await service.draftThread({ ...on, file: "src/app.ts", start: 14, end: 14, body: "Why double it?" });
    const moved = await service.draftThread({
      ...on,
      file: "src/app.ts",
      start: 27,
      end: 27,
      body: "Bump this when releasing.",
    });
    const changed = await service.draftThread({
      ...on,
      file: "src/app.ts",
      start: 19,
      end: 21,
      body: "shutdown should take an exit code.",
    });
    const outdated = await service.draftThread({
      ...on,
      file: "docs/guide.md",
      start: 4,
      end: 4,
      body: "Say what the default is.",
    });
    const renamed = await service.draftThread({
      ...on,
      file: "src/old-name.ts",
      start: 3,
      end: 3,
      body: "Use a template literal.",
    });
    await service.release({});

    layFiles(dir, {
      "src/app.ts": appNow,
      "src/lib/math.ts": mathNow,
      "src/old-name.ts": null,
      "src/new-name.ts": greetNow,
      "README.md": readmeNow,
      "docs/guide.md": guideNow,
    });
    const round2 = await service.takeRound();
    await service.agentReply({
      id: unread.id,
      text: "The spec counts both directions, so each retry adds twice. I left it as is.",
    });
    await service.agentReply({ id: changed.id, text: "Done: it takes a code and exits." });
    await service.agentReply({ id: renamed.id, text: "Switched to a template literal.", resolved: true });
    const note = await service.agentNote({
      file: "src/lib/math.ts",
      from: 11,
      to: 13,
      text: "Note: mean([]) returns NaN. Should it throw instead?",
    });
    const wholeFile = await service.draftThread({
      roundId: round2.id,
      file: "README.md",
      body: "The README should list the new flags.",
    });
    await service.release({});
    const draft = await service.draftThread({
      roundId: round2.id,
      file: "src/app.ts",
      side: "old",
      start: 19,
      end: 21,
      body: "Good riddance.",
    });
    return {
      open: open.id,
      unread: unread.id,
      note: note.id,
      moved: moved.id,
      changed: changed.id,
      outdated: outdated.id,
      renamed: renamed.id,
      wholeFile: wholeFile.id,
      draft: draft.id,
    };
  };
}
