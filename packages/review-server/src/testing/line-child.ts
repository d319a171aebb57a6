import { createInterface } from "node:readline";

// The child's side of `watchLines` (line-process.ts): progress lines out, one "go" in.

/** Prints one progress line for the parent to wait on. */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Parks the process until the parent kills it. */
export function waitForever(): Promise<never> {
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
