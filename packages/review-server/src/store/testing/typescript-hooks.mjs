// Node module hooks that let a child process run the store's TypeScript sources directly, the way
// Bun does: `.js` imports find their `.ts` file, and `.ts` is transpiled (types stripped) on load.
// Node 20 cannot strip types itself, and the store tests must run in separate OS processes.
// Loading the TypeScript compiler costs seconds on a busy machine, so output is cached by content.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const cacheDir = join(tmpdir(), "opencode-review-transpiled");
let typescript;

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith(".") && specifier.endsWith(".js") && context.parentURL?.endsWith(".ts")) {
    const asWritten = new URL(specifier, context.parentURL);
    const source = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (!existsSync(fileURLToPath(asWritten)) && existsSync(fileURLToPath(source))) {
      return { url: source.href, shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const source = await readFile(fileName, "utf8");
  const cached = join(
    cacheDir,
    `${createHash("sha256").update(fileName).update("\0").update(source).digest("hex")}.js`,
  );
  if (existsSync(cached)) return { format: "module", source: await readFile(cached, "utf8"), shortCircuit: true };

  typescript ??= (await import("typescript")).default;
  const { outputText } = typescript.transpileModule(source, {
    fileName,
    compilerOptions: {
      module: typescript.ModuleKind.ESNext,
      target: typescript.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      sourceMap: false,
    },
  });
  mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed, so a writer started at the same time never reads half a file.
  const partial = `${cached}.${process.pid}.partial`;
  await writeFile(partial, outputText);
  await rename(partial, cached);
  return { format: "module", source: outputText, shortCircuit: true };
}
