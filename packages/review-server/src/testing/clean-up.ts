import { afterEach } from "vitest";

/**
 * Registers an afterEach that undoes what each test made (temp folders, stores, servers, processes), last
 * made first, whether the test passed or not. A clean-up that fails does not stop the others; the first
 * failure fails the test. Call it once at the top of a test file and register each thing as it is made.
 * @example const onCleanup = cleanUpAfterEach(); const repo = await tempRepository(); onCleanup(() => repo.remove());
 */
export function cleanUpAfterEach(): (cleanup: () => unknown) => void {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  });
  return (cleanup) => void cleanups.push(cleanup);
}
