import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import { describe, expect, it } from "vitest";
import {
  harnessCacheDir,
  makeOpencodeProject,
  packFixturePlugin,
  packPlugin,
  runOpencode,
  serveOpencode,
  startFakeModel,
  type FakeModel,
  type OpencodeProject,
  type OpencodeRunResult,
  type OpencodeServer,
} from "./opencode-harness.js";
import { bunBinary } from "./bun-binary.js";
import { cleanUpAfterEach } from "./clean-up.js";

// These tests start the real opencode (a Bun executable) several times; on a shared 2-core machine
// a cold start with a plugin install takes up to a minute, hence the generous timeouts.
const SLOW = 600_000;

const onCleanup = cleanUpAfterEach();

function track<T extends FakeModel | OpencodeProject | OpencodeServer>(thing: T): T {
  onCleanup(async () => {
    const started = Date.now();
    await ("cleanup" in thing ? thing.cleanup() : thing.close());
    if (Date.now() - started > 2_000) console.warn(`slow cleanup: ${Date.now() - started} ms`);
  });
  return thing;
}

// On failure, show what opencode complained about instead of only an exit code.
function complaints(result: OpencodeRunResult): string {
  return result.stderr
    .split("\n")
    .filter((line) => !line.includes("level=INFO"))
    .join("\n")
    .slice(-4000);
}

describe("the packed opencode-review package", () => {
  it(
    "ships the bundled plugin and panel with no workspace-only dependency",
    async () => {
      const tarball = await packPlugin();
      const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8", maxBuffer: 1 << 26 }).split("\n");
      expect(files).toContain("package/dist/plugin.js");
      expect(files).toContain("package/dist/panel/index.html");
      expect(files).toContain("package/dist/cli.js");
      // Built output only: the package's own sources stay out (the demo's sample files are data).
      expect(files.filter((f) => f.startsWith("package/src/"))).toEqual([]);

      const manifest = JSON.parse(
        execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
      );
      expect(JSON.stringify(manifest)).not.toContain("workspace:");
      expect(Object.keys(manifest.dependencies)).not.toContain("@opencode-review/core");
      expect(manifest.main).toBe("./dist/plugin.js");
      expect(manifest.exports["./server"].default).toBe("./dist/plugin.js");

      // The plugin and the CLI are split into chunks (scripts/bundle.mjs): every file they import ships too.
      // The bundle inlines its pure-JS dependencies (over a megabyte), beyond execFileSync's default buffer.
      const shipped = new Set(files);
      const read = (file: string) =>
        execFileSync("tar", ["-xzOf", tarball, file], { encoding: "utf8", maxBuffer: 1 << 26 });
      const reachedFrom = (entry: string) => {
        const reached = new Map<string, string>();
        const pending = [entry];
        for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
          if (reached.has(file)) continue;
          const text = read(file);
          reached.set(file, text);
          for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)"(\.\.?\/[^"]+)"/g)) {
            const target = posix.join(posix.dirname(file), specifier!);
            expect(shipped.has(target), `${file} imports ${specifier}, which is not in the package`).toBe(true);
            pending.push(target);
          }
        }
        return reached;
      };
      const pluginFiles = reachedFrom("package/dist/plugin.js");
      expect([...pluginFiles.keys()].some((file) => file.startsWith("package/dist/chunks/"))).toBe(true);
      reachedFrom("package/dist/cli.js");
      const plugin = [...pluginFiles.values()];
      // Core is inlined: the bundle never asks for the unpublished package at run time.
      expect(plugin.join("\n")).not.toMatch(/from\s*["']@opencode-review\/core["']/);
      // A static import sits at the top level, at a line's start (the inlined kysely's doc comments show one, indented).
      expect(plugin.join("\n")).not.toMatch(/^(import|export)\b[^\n]*["']better-sqlite3["']/m);
      expect(plugin.join("\n")).toMatch(/await import\("better-sqlite3"\)/);
    },
    SLOW,
  );

  it(
    "installs from its tarball into opencode, which starts and answers with it loaded",
    async () => {
      const tarball = await packPlugin();
      const model = track(await startFakeModel([{ kind: "text", text: "Hello from the fake model" }]));
      const specifier = `opencode-review@file:${tarball}`;
      const project = track(makeOpencodeProject({ fakeModelUrl: model.url, plugins: [specifier] }));

      const result = await runOpencode(project, "say hello");

      expect(result.timedOut).toBe(false);
      expect(result.pluginErrors).toEqual([]);
      expect(result.stderr).not.toContain("better-sqlite3");
      expect(result.exitCode, complaints(result)).toBe(0);
      expect(result.stdout).toContain("Hello from the fake model");
      // Loaded, not just installed: the plugin's agent tools were offered to the model.
      expect(model.conversation()[0]?.tools).toEqual(
        expect.arrayContaining(["review_list", "review_reply", "review_open"]),
      );

      // opencode installed the tarball with npm, install scripts off: the native driver never got built,
      // so the plugin loading cleanly above means it did not need it.
      const installed = join(harnessCacheDir(), "opencode/packages", specifier, "node_modules");
      expect(existsSync(join(installed, "opencode-review/dist/plugin.js"))).toBe(true);
      expect(existsSync(join(installed, "better-sqlite3/build"))).toBe(false);

      // The installed entry, imported by Bun like opencode does: one default export, the plugin module.
      const shape = execFileSync(
        bunBinary(),
        [
          "-e",
          `const m = await import(${JSON.stringify(join(installed, "opencode-review/dist/plugin.js"))});` +
            "console.log(JSON.stringify({ keys: Object.keys(m), id: m.default.id, server: typeof m.default.server }));",
        ],
        { encoding: "utf8", cwd: project.dir },
      );
      expect(JSON.parse(shape)).toEqual({ keys: ["default"], id: "opencode-review", server: "function" });
    },
    SLOW,
  );
});

describe("a packed plugin under opencode run", () => {
  it(
    "offers its tool to the model, returns the tool's output to it, and adds its system line",
    async () => {
      const probe = await packFixturePlugin("probe-plugin");
      const model = track(
        await startFakeModel([
          { kind: "tools", calls: [{ name: "review_probe", args: { word: "apple" } }] },
          { kind: "text", text: "Probe finished" },
        ]),
      );
      const project = track(
        makeOpencodeProject({
          fakeModelUrl: model.url,
          plugins: [[`${probe.name}@file:${probe.tarball}`, { marker: "m-4711" }]],
        }),
      );

      const result = await runOpencode(project, "probe the word apple");

      expect(result.pluginErrors).toEqual([]);
      expect(result.exitCode, complaints(result)).toBe(0);
      const [first, second] = model.conversation();
      expect(first?.tools).toContain("review_probe");
      expect(first?.system).toContain("Probe marker line: m-4711");
      expect(first?.lastUserText).toContain("probe the word apple");
      expect(second?.toolResults.map((r) => r.content)).toEqual(["probe m-4711 saw apple in the project"]);
      expect(result.stdout).toContain("Probe finished");
      // The hidden title request is answered aside and never eats a scripted turn.
      expect(model.requests.filter((r) => r.kind === "title").length).toBeGreaterThan(0);
      expect(model.conversation()).toHaveLength(2);
    },
    SLOW,
  );
});

describe("opencode serve driven by the SDK", () => {
  it(
    "delivers a promptAsync message to a session, the model sees it, and the session goes idle",
    async () => {
      const probe = await packFixturePlugin("probe-plugin");
      const model = track(await startFakeModel([{ kind: "text", text: "Got your message" }]));
      const project = track(
        makeOpencodeProject({ fakeModelUrl: model.url, plugins: [`${probe.name}@file:${probe.tarball}`] }),
      );
      const server = track(await serveOpencode(project));

      const created = await server.client.session.create({ body: { title: "harness" } });
      const sessionId = created.data?.id;
      expect(sessionId).toBeTruthy();
      const accepted = await server.client.session.promptAsync({
        path: { id: sessionId ?? "" },
        body: { parts: [{ type: "text", text: "a message delivered by promptAsync" }] },
      });
      expect(accepted.error).toBeUndefined();

      const [request] = await model.waitForConversation(1, 300_000);
      expect(request?.lastUserText).toContain("a message delivered by promptAsync");
      expect(request?.system).toContain("Probe marker line: probe");
      await server.waitForEvent(
        (event) => event.type === "session.idle" && event.properties.sessionID === sessionId,
        300_000,
      );
      const messages = await server.client.session.messages({ path: { id: sessionId ?? "" } });
      const texts = (messages.data ?? []).flatMap((m) => m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])));
      expect(texts).toContain("Got your message");
      expect(server.pluginErrors()).toEqual([]);
    },
    SLOW,
  );
});
