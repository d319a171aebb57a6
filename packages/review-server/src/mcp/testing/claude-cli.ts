import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { isolatedHomeEnv, runClient, type ClientRun } from "./client-run.js";

/**
 * The native binary the package's postinstall would link (pnpm runs no install scripts): it ships as the
 * platform's optional dependency of @anthropic-ai/claude-code.
 * @example spawn(claudeBinary(), ["-p", "hi"])
 */
export function claudeBinary(): string {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve("@anthropic-ai/claude-code/package.json"));
  for (const platform of [`${process.platform}-${process.arch}`, `${process.platform}-${process.arch}-musl`]) {
    try {
      const binary = join(dirname(fromPackage.resolve(`@anthropic-ai/claude-code-${platform}/package.json`)), "claude");
      if (existsSync(binary)) return binary;
    } catch {
      // Not this platform's package; try the next.
    }
  }
  throw new Error(
    `no Claude Code binary for ${process.platform}-${process.arch}: run pnpm install with optional dependencies`,
  );
}

/**
 * Runs `claude -p` isolated in `home` on `repo` against the scripted model at `baseUrl`, to its end, edits
 * accepted (the project's settings allow the rest); `personEnv` is what the person exported in their shell besides.
 * @example const run = await runClaude(home, repo.dir, model.url, "Tidy up src/app.ts.");
 */
export function runClaude(
  home: string,
  repo: string,
  baseUrl: string,
  prompt: string,
  personEnv: Record<string, string> = {},
): Promise<ClientRun> {
  return runClient(
    claudeBinary(),
    ["-p", prompt, "--output-format", "stream-json", "--verbose", "--permission-mode", "acceptEdits"],
    {
      cwd: repo,
      env: {
        ...personEnv,
        ...isolatedHomeEnv(home),
        CLAUDE_CONFIG_DIR: join(home, ".claude"),
        ANTHROPIC_BASE_URL: baseUrl,
        ANTHROPIC_API_KEY: "x",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_ERROR_REPORTING: "1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        // MCP tools in the tool list itself, not deferred behind ToolSearch.
        ENABLE_TOOL_SEARCH: "false",
      },
    },
  );
}

/**
 * Claude Code's exit, its MCP servers' state, its stderr's end and its events, cut short, for an assertion's message.
 * @example expect(run.code, claudeTrace(run)).toBe(0)
 */
export function claudeTrace(run: ClientRun): string {
  const init = run.events.find((e) => e.type === "system" && e.subtype === "init");
  return `claude exit ${run.code}\nmcp servers: ${JSON.stringify(init?.mcp_servers)}\nstderr:\n${run.stderr.slice(-1500)}\nevents:\n${run.events.map((e) => JSON.stringify(e).slice(0, 300)).join("\n")}`;
}

/**
 * The person trusted `repo` once, interactively, in the isolated home: the project's settings then apply.
 * @example await trustClaudeProject(home, repo.dir);
 */
export async function trustClaudeProject(home: string, repo: string): Promise<void> {
  await mkdir(join(home, ".claude"), { recursive: true });
  await writeFile(
    join(home, ".claude", ".claude.json"),
    JSON.stringify({ projects: { [repo]: { hasTrustDialogAccepted: true } } }),
  );
}
