import type { ChildProcess } from "node:child_process";

/** A child process the tests talk to by lines: it prints progress lines, and waits for "go" on stdin. */
export interface LineProcess {
  readonly child: ChildProcess;
  /** Every line it has printed so far. */
  readonly lines: readonly string[];
  /** Resolves with the first line starting with `prefix`; rejects if the process ends first. */
  waitFor(prefix: string): Promise<string>;
  /** Resolves when it ends, with its exit code (null when killed), the signal and its stderr. */
  readonly exited: Promise<{
    readonly code: number | null;
    readonly signal: NodeJS.Signals | null;
    readonly stderr: string;
  }>;
  /** Writes "go" to its stdin and closes it (an open stdin would keep it alive). */
  go(): void;
}

/**
 * Follows a spawned child's stdout line by line (spawn it with `stdio: "pipe"`); `name` goes in errors.
 * @example const writer = watchLines(spawn(node, args, { stdio: "pipe" }), "writer"); await writer.waitFor("ready");
 */
export function watchLines(child: ChildProcess, name: string): LineProcess {
  const lines: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let stderr = "";
  let pending = "";
  let gone = false;
  const settle = (): void => {
    for (const waiter of [...waiters]) {
      const line = lines.find((l) => l.startsWith(waiter.prefix));
      if (line === undefined && !gone) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      if (line !== undefined) waiter.resolve(line);
      else waiter.reject(new Error(`${name} ended before printing "${waiter.prefix}": ${stderr}`));
    }
  };
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (pending + chunk).split("\n");
    pending = parts.pop() ?? "";
    lines.push(...parts);
    settle();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on("close", (code, signal) => {
      gone = true;
      settle();
      resolve({ code, signal, stderr });
    });
  });
  return {
    child,
    lines,
    exited,
    waitFor: (prefix) =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ prefix, resolve, reject });
        settle();
      }),
    go: () => {
      child.stdin!.end("go\n");
    },
  };
}
