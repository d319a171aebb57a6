// The reference in docs/ names routes, commands and flags; each one it names must exist, so the pages stay
// true as the code moves. Every command and route must be documented too: a user reads the pages, not the code.
// (The terminal keys are checked against docs/terminal.md beside them, in review-panel/src/tui.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "./cli/run-cli.js";
import { createApp } from "./http/create-app.js";
import { loopbackHosts } from "./http/loopback.js";
import { apiRoutes } from "./http/routes/index.js";
import { makeServiceFixture } from "./service/testing/service-fixture.js";

const docsDir = join(import.meta.dirname, "..", "..", "..", "docs");
const pages = readdirSync(docsDir)
  .filter((name) => name.endsWith(".md"))
  .map((name) => ({ name, text: readFileSync(join(docsDir, name), "utf8") }));

/** Every inline code span of every page, with the page it is on. */
const spans = pages.flatMap((page) =>
  [...page.text.matchAll(/`([^`\n]+)`/g)].map((m) => ({ page: page.name, code: m[1]! })),
);

describe("docs/", () => {
  it("has the pages its index lists", () => {
    const index = pages.find((p) => p.name === "README.md")!.text;
    const linked = [...index.matchAll(/\]\(([a-z-]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.length).toBeGreaterThan(3);
    for (const name of linked) expect(pages.map((p) => p.name)).toContain(name);
  });

  it("names only routes the HTTP app serves", async () => {
    const f = await makeServiceFixture({ "a.ts": "a\n" });
    try {
      const app = createApp({
        token: "docs",
        allowedHosts: loopbackHosts("127.0.0.1", 1),
        panelDir: f.repo.dir,
        routes: apiRoutes(f.service),
        health: () => ({ ok: true, version: "0", repo: f.repo.dir, branch: "main", tools: true }),
        events: f.bus,
      });
      const served = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
      const named = spans
        .map((s) => /^(GET|POST|PATCH|DELETE|PUT) (\/api\/[^\s?]*)$/.exec(s.code))
        .filter((m) => m !== null);
      expect(named.length).toBeGreaterThan(10);
      const documented = new Set(named.map((m) => `${m[1]} ${m[2]}`));
      expect(
        [...documented].filter((route) => !served.has(route)),
        "named in docs/, not served",
      ).toEqual([]);
      const http = pages.find((p) => p.name === "http.md")!.text;
      const undocumented = [...served].filter((route) => route.includes(" /api/") && !http.includes(`\`${route}\``));
      expect(undocumented, "served, not in http.md").toEqual([]);
    } finally {
      await f.close();
    }
  });

  it("names only commands and flags the CLI has, and documents every command", () => {
    const invocations = spans.filter((s) => s.code.startsWith("opencode-review "));
    expect(invocations.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const { page, code } of invocations) {
      const [, name, ...rest] = code.split(/\s+/);
      if (name === "--help" || name === "<command>") continue;
      const command = COMMANDS.find((c) => c.name === name);
      if (command === undefined) {
        problems.push(`${page}: \`${code}\` names no command`);
        continue;
      }
      for (const flag of rest.join(" ").matchAll(/--([a-z][a-z-]*)/g)) {
        if (!(flag[1]! in command.flags)) problems.push(`${page}: \`${code}\`: ${name} has no --${flag[1]}`);
      }
    }
    expect(problems).toEqual([]);
    const cli = pages.find((p) => p.name === "cli.md")!.text;
    for (const command of COMMANDS) {
      expect(cli, `cli.md documents ${command.name}`).toContain(`## \`opencode-review ${command.name}`);
      // Every flag a command takes is in its heading (help aside: every command has it).
      const heading = cli.split("\n").find((line) => line.startsWith(`## \`opencode-review ${command.name}`))!;
      for (const flag of Object.keys(command.flags).filter((f) => f !== "help"))
        expect(heading, `${command.name} --${flag}`).toContain(`--${flag}`);
    }
  });
});
