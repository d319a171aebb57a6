import { createInterface } from "node:readline";

// The child's side of `watchLines` (line-process.ts): progress lines out, one "go" in.

/** Prints one progress line for the parent to wait on. */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** What parked processes hold on to (see waitForever). */
const keptAlive: unknown[] = [];

/**
 * Parks the process until the parent kills it, keeping `held` (an open connection, a lock) reachable.
 * @example await waitForever(native) // the lock stays held until the kill
 */
export function waitForever(...held: unknown[]): Promise<never> {
  // A local that the rest of its async function never reads is not kept alive by the suspended call: V8
  // may collect it, and a collected better-sqlite3 connection closes, dropping its locks while the parent
  // thinks them held (the hook test read a store its holder had let go of).
  keptAlive.push(...held);
  // A pending promise alone does not keep Node alive; a timer does.
  return new Promise(() => setInterval(() => {}, 60_000));
}

/** Resolves when the parent writes "go" (see `LineProcess.go`). */
export function waitForGo(): Promise<void> {
  const lines = createInterface({ input: process.stdin });
  return new Promise((resolve) =>
    lines.on("line", (line) => {
      if (line.trim() === "go") {
        lines.close();
        resolve();
      }
    }),
  );
}
