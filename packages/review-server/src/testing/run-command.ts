import { spawn } from "node:child_process";

/**
 * Runs a command to completion and resolves with its output (stdout and stderr together); rejects with
 * that output when it exits non-zero. For test set-up steps (bundling, packing, building the panel).
 * @example await runCommand("node", ["scripts/bundle.mjs"], serverPackage)
 */
export function runCommand(command: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (data: Buffer) => (output += data.toString()));
    child.stderr.on("data", (data: Buffer) => (output += data.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}
