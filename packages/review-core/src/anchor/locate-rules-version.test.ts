import { describe, expect, test } from "vitest";
import { LOCATE_RULES_VERSION } from "./locate-rules-version.js";

// Node's modules and the TypeScript compiler, loaded by name: the core typechecks without Node's types.
interface Fs {
  readFileSync(path: string, encoding: "utf8"): string;
}
interface Path {
  dirname(path: string): string;
  resolve(...paths: string[]): string;
  relative(from: string, to: string): string;
}
interface Url {
  fileURLToPath(url: string): string;
}
interface Crypto {
  createHash(algorithm: "sha256"): { update(text: string): { digest(encoding: "hex"): string } };
}
interface TypeScript {
  transpileModule(source: string, options: { compilerOptions: Record<string, unknown> }): { outputText: string };
}
const load = <T>(name: string): Promise<T> => import(name) as Promise<T>;

/**
 * The code of locate's rules: locate.ts and every module it imports, transitively, as JavaScript
 * without comments or types, whitespace squashed. A comment or a type changes nothing a caller keeps.
 */
async function rulesCode(): Promise<string> {
  const fs = await load<Fs>("node:fs");
  const path = await load<Path>("node:path");
  const url = await load<Url>("node:url");
  const ts = await load<{ default: TypeScript }>("typescript");
  const here = path.dirname(url.fileURLToPath((import.meta as unknown as { url: string }).url));
  const seen = new Map<string, string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    const code = ts.default
      .transpileModule(fs.readFileSync(file, "utf8"), {
        compilerOptions: { removeComments: true, target: 99, module: 99 },
      })
      .outputText.replace(/\s+/g, " ")
      .trim();
    seen.set(file, code);
    for (const [, imported] of code.matchAll(/from "(\.{1,2}\/[^"]+)\.js"/g))
      visit(path.resolve(path.dirname(file), `${imported}.ts`));
  };
  visit(path.resolve(here, "locate.ts"));
  // Named by path from src/, so the version does not depend on where the repository sits.
  const src = path.resolve(here, "..");
  return [...seen]
    .map(([file, code]) => `${path.relative(src, file)}\n${code}`)
    .sort()
    .join("\n");
}

describe("LOCATE_RULES_VERSION", () => {
  test("is the hash of the rules' code, so places kept under other rules are located again", async () => {
    const crypto = await load<Crypto>("node:crypto");
    const version = crypto
      .createHash("sha256")
      .update(await rulesCode())
      .digest("hex")
      .slice(0, 12);
    expect(
      LOCATE_RULES_VERSION,
      `locate's rules changed: set LOCATE_RULES_VERSION in src/anchor/locate-rules-version.ts to "${version}"`,
    ).toBe(version);
  });

  test("covers every module the rules use", async () => {
    const code = await rulesCode();
    for (const file of [
      "anchor/locate.ts",
      "anchor/search-block.ts",
      "anchor/surroundings.ts",
      "anchor/untouched-reading.ts",
      "anchor/line-pair.ts",
      "diff/line-diff.ts",
      "diff/map-line.ts",
    ]) {
      expect(code).toContain(`${file}\n`);
    }
  });
});
