import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { livePanelLinks } from "../cli/live-panels.js";
import { openRepository } from "../git/index.js";
import { startFakeModel, type FakeModel } from "../testing/fake-model.js";
import { startLocalRegistry, type LocalRegistry } from "../testing/local-registry.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeOpencodeProject } from "../testing/opencode-project.js";
import { packPlugin } from "../testing/pack-plugin.js";
import { hasTmux, SCREENS_DIR, startTmux } from "../testing/tmux-screen.js";

// The install a user makes: the packed package published to a private registry on loopback, then
// `opencode plugin opencode-review` with npm pointed at it, in a project and home of its own.

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");

/** Runs a command to its end with its own environment; resolves with its exit code and everything it printed. */
function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** opencode can leave a lock naming its own dead pid; the next start then waits 60 s for it (TOOLCHAIN). */
function removeDeadLocks(stateHome: string): void {
  const locks = join(stateHome, "opencode", "locks");
  if (!existsSync(locks)) return;
  for (const name of readdirSync(locks)) {
    const meta = join(locks, name, "meta.json");
    let pid = NaN;
    try {
      pid = (JSON.parse(readFileSync(meta, "utf8")) as { pid?: number }).pid ?? NaN;
    } catch {
      // No readable meta: not one of the locks we know how to judge.
      continue;
    }
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) rmSync(join(locks, name), { recursive: true, force: true });
  }
}

describe.skipIf(!hasTmux())(
  "opencode plugin opencode-review, as a user installs it (private registry on loopback, real opencode)",
  () => {
    let registry: LocalRegistry;
    let model: FakeModel;
    let packedIntegrity = "";
    beforeAll(async () => {
      registry = await startLocalRegistry(["opencode-review"]);
      const tarball = await packPlugin();
      packedIntegrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
      await registry.publish(tarball);
      model = await startFakeModel([{ kind: "text", text: "Hi there." }]);
    }, 300_000);
    afterAll(async () => {
      await model?.close();
      await registry?.close();
    });

    it("detects both targets, patches opencode.json and tui.json, and both halves load: ctrl+x v opens the review", async () => {
      const p = makeOpencodeProject({
        fakeModelUrl: model.url,
        plugins: [],
        files: { "src/app.ts": base, ".gitignore": ".opencode/\nopencode.json\n" },
        changes: { "src/app.ts": changed },
      });
      // A home and an npm cache of its own, and opencode's package cache fresh: it never refreshes an installed spec.
      const own = mkdtempSync(join(tmpdir(), "opencode-review-user-"));
      for (const d of ["home", "cache", "npm-cache"]) mkdirSync(join(own, d));
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        ...p.env,
        HOME: join(own, "home"),
        XDG_CACHE_HOME: join(own, "cache"),
        NPM_CONFIG_REGISTRY: registry.url,
        NPM_CONFIG_USERCONFIG: registry.userconfig,
        NPM_CONFIG_CACHE: join(own, "npm-cache"),
      };
      const installed = await run(opencodeBinary(), ["plugin", "opencode-review"], p.dir, env, 300_000);
      // Its spinner's frames and colours aside, what it said (saved beside the screens, to be read).
      const said = installed.output
        .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "")
        .replace(/[◒◐◓◑] {2}Installing plugin package\.*/g, "");
      mkdirSync(SCREENS_DIR, { recursive: true });
      writeFileSync(join(SCREENS_DIR, "tui12-install-plugin-command.txt"), said);
      expect(installed.code).toBe(0);
      expect(said).toContain("Detected server + tui targets");
      const local = join(p.dir, ".opencode");
      expect(said).toContain(`Added to ${join(local, "opencode.json")}`);
      expect(said).toContain(`Added to ${join(local, "tui.json")}`);
      for (const config of ["opencode.json", "tui.json"]) {
        expect((JSON.parse(readFileSync(join(local, config), "utf8")) as { plugin?: unknown[] }).plugin).toContain(
          "opencode-review",
        );
      }
      // Installed from the private registry (the public one has no such build), into opencode's own package cache.
      const cached = join(own, "cache", "opencode", "packages", "opencode-review@latest");
      // The lock names the tarball this run packed by its hash; npm leaves out `resolved` on some runs (seen in
      // CI), so the hash is what proves the private registry's build was installed.
      const lock = JSON.parse(readFileSync(join(cached, "package-lock.json"), "utf8")) as {
        packages: Record<string, { integrity?: string; resolved?: string }>;
      };
      const entry = lock.packages["node_modules/opencode-review"];
      expect(entry?.integrity).toBe(packedIntegrity);
      if (entry?.resolved !== undefined)
        expect(entry.resolved).toBe(`${registry.url}opencode-review/-/opencode-review-0.1.0.tgz`);

      removeDeadLocks(p.env.XDG_STATE_HOME!);
      const screen = startTmux({
        name: "tui12-install",
        cwd: p.dir,
        env: {
          ...p.env,
          HOME: env.HOME!,
          XDG_CACHE_HOME: env.XDG_CACHE_HOME!,
          NPM_CONFIG_REGISTRY: registry.url,
          NPM_CONFIG_USERCONFIG: registry.userconfig,
          NPM_CONFIG_CACHE: env.NPM_CONFIG_CACHE!,
        },
        command: [opencodeBinary()],
        width: 120,
        height: 36,
      });
      try {
        await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 180_000);
        screen.type("hello");
        screen.keys("Enter");
        await screen.waitFor("Hi there.", 60_000);
        screen.save("session");
        // The server half loaded from the install: its web panel registered for this repository.
        const repo = await openRepository(p.dir);
        const until = Date.now() + 60_000;
        while ((await livePanelLinks(repo).catch(() => [])).length === 0 && Date.now() < until)
          await new Promise((r) => setTimeout(r, 250));
        expect(await livePanelLinks(repo)).toHaveLength(1);
        // The terminal half loaded from it too: <leader>v opens the review over the session.
        screen.keys("C-x", "v");
        const opened = await screen.waitFor(
          (s) => s.includes("Review · main") && /6 \+ const added = line5 \* 2;/.test(s),
          30_000,
        );
        screen.save("opened");
        expect(opened).toContain("src/app.ts");
        screen.keys("q");
        await screen.waitFor((s) => !s.includes("Review · main") && s.includes("Hi there."), 15_000);
        screen.save("closed");
      } finally {
        screen.save("last");
        screen.kill();
        // opencode, killed with its pane, can go on writing npm's cache for a while: a temp folder that cannot be
        // removed yet is left for the system to clear, not a failure of what the test proved.
        try {
          rmSync(own, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
        } catch (error) {
          console.warn(`left ${own}: ${(error as Error).message}`);
        }
        p.cleanup();
      }
    }, 600_000);
  },
);
