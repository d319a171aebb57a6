#!/usr/bin/env node
// Copies examples/demo-repo into dist/demo-repo, so `opencode-review demo` finds its files beside the
// built CLI (dist/cli.js) in the workspace and in an installed package alike.
import { cpSync, existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = fileURLToPath(new URL("../../../examples/demo-repo", import.meta.url));
const target = fileURLToPath(new URL("../dist/demo-repo", import.meta.url));

if (!existsSync(`${source}/base`)) {
  console.error(`copy-demo: ${source} has no base/ folder; nothing copied`);
  process.exit(1);
}
// Removed first: a file deleted from the example must not linger in the copy.
rmSync(target, { recursive: true, force: true });
cpSync(source, target, { recursive: true });
