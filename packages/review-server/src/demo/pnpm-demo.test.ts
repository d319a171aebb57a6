// `pnpm demo` as a person runs it in a terminal: Ctrl-C reaches the whole foreground process group (pnpm,
// the shell it runs the script in, and the demo). The demo cleans up and exits 0, and so must pnpm: a shell
// that dies of the SIGINT made pnpm print "ELIFECYCLE Command failed" after a clean stop.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const workspace = fileURLToPath(new URL("../../../..", import.meta.url));
const PANEL_LINK = /Open the panel: http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+/;
const onCleanup = cleanUpAfterEach();

describe("pnpm demo in a terminal", () => {
  it("Ctrl-C stops it, removes its repository, and pnpm exits 0 without ELIFECYCLE", { timeout: 120_000 }, async () => {
    // The workspace's own script after its build step (dist/ is built for the tests already; building it
    // again here would rewrite files other test files read), run by the real pnpm and shell.
    const script = (
      JSON.parse(readFileSync(join(workspace, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts.demo!;
    expect(script.startsWith("pnpm build && ")).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "opencode-review-pnpm-demo-"));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    symlinkSync(join(workspace, "packages"), join(dir, "packages"));
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: "pnpm-demo", private: true, scripts: { demo: script.slice("pnpm build && ".length) } }),
    );

    // Its own process group, as a terminal's foreground job is.
    const pnpm = spawn("pnpm", ["run", "demo"], { cwd: dir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    onCleanup(() => {
      if (pnpm.exitCode === null && pnpm.signalCode === null) process.kill(-pnpm.pid!, "SIGKILL");
    });
    let output = "";
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      pnpm.on("close", (code, signal) => resolve({ code, signal })),
    );
    const started = new Promise<void>((resolve) => {
      const read = (data: Buffer) => {
        output += data.toString();
        if (PANEL_LINK.test(output)) resolve();
      };
      pnpm.stdout.on("data", read);
      pnpm.stderr.on("data", read);
    });
    await Promise.race([
      started,
      exited.then(() => Promise.reject(new Error(`pnpm demo ended before serving:\n${output}`))),
    ]);
    const workTree = /a throwaway repository in (\S+)/.exec(output)![1]!;
    expect(existsSync(workTree)).toBe(true);

    process.kill(-pnpm.pid!, "SIGINT");
    const { code, signal } = await exited;
    expect(output).not.toMatch(/ELIFECYCLE|Command failed/);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output).toMatch(/opencode-review demo: stopped/);
    expect(existsSync(dirname(workTree))).toBe(false);
  });
});
