import { describe, test } from "vitest";
import { currentRuntime } from "./native-database.js";
import { storeCases } from "./testing/store.cases.js";

// The cases live in testing/store.cases.ts so scripts/store-under-bun.ts runs the very same ones under Bun.
describe(`store (${currentRuntime()})`, () => {
  for (const storeCase of storeCases) {
    test(storeCase.name, () => storeCase.run(), 60_000);
  }
});
