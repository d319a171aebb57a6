// Runs the store's cases under Bun, whose bun:sqlite is the only driver inside opencode.
//   packages/review-server/node_modules/.bin/bun packages/review-server/scripts/store-under-bun.ts [name filter]
// Writes {"passed","failed"} to <repo>/.test-results/extra/store-bun.json for the root test script
// (only for a full run: a filtered run would report a part as the whole), prints each failure,
// and exits 1 when one failed or none ran.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { storeCases } from "../src/store/testing/store.cases.ts";

if (process.versions.bun === undefined) {
  console.error(
    "store-under-bun.ts must run under Bun: packages/review-server/node_modules/.bin/bun packages/review-server/scripts/store-under-bun.ts",
  );
  process.exit(2);
}

const filter = process.argv[2] ?? "";
const report = fileURLToPath(new URL("../../../.test-results/extra/store-bun.json", import.meta.url));
let passed = 0;
let failed = 0;
for (const storeCase of storeCases.filter((c) => c.name.includes(filter))) {
  try {
    await storeCase.run();
    passed++;
    console.log(`✓ store (bun) > ${storeCase.name}`);
  } catch (error) {
    failed++;
    console.log(`✗ store (bun) > ${storeCase.name}`);
    console.log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}
if (filter === "") {
  mkdirSync(dirname(report), { recursive: true });
  writeFileSync(report, `${JSON.stringify({ passed, failed })}\n`);
}
console.log(`store under Bun: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
