import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { isolatedHomeEnv, runClient, type ClientRun } from "./client-run.js";

const codexBin = createRequire(import.meta.url).resolve("@openai/codex/bin/codex.js");

/**
 * Runs `codex exec` isolated in `home` on `repo`, to its end (hooks trusted, as a person who reviewed them);
 * `personEnv` is what the person exported in their shell besides.
 * @example const run = await runCodex(home, repo.dir, "Tidy up src/app.ts.");
 */
export function runCodex(
  home: string,
  repo: string,
  prompt: string,
  personEnv: Record<string, string> = {},
): Promise<ClientRun> {
  // The home is Codex's TMPDIR too in isolatedHomeEnv; Codex keeps the machine's.
  const { TMPDIR: _tmp, ...env } = isolatedHomeEnv(home);
  return runClient(
    process.execPath,
    [codexBin, "exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "-C", repo, prompt],
    {
      cwd: repo,
      env: {
        ...personEnv,
        ...env,
        CODEX_HOME: join(home, ".codex"),
        FAKE_MODEL_KEY: "x",
        RUST_LOG: "warn,codex_rmcp_client=info",
      },
    },
  );
}

/**
 * The person's own Codex settings in the isolated home: the scripted model (a Responses API at `modelUrl`)
 * as provider, this project trusted.
 * @example await writeCodexConfig(home, repo.dir, model.url);
 */
export async function writeCodexConfig(home: string, repo: string, modelUrl: string): Promise<void> {
  await mkdir(join(home, ".codex"), { recursive: true });
  await writeFile(
    join(home, ".codex", "config.toml"),
    [
      'model = "gpt-5"',
      'model_provider = "fake"',
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      "[model_providers.fake]",
      'name = "fake"',
      `base_url = "${modelUrl}"`,
      'wire_api = "responses"',
      'env_key = "FAKE_MODEL_KEY"',
      "request_max_retries = 0",
      "stream_max_retries = 0",
      "[features]",
      "plugins = false",
      "apps = false",
      "remote_plugin = false",
      // Without the real model's metadata there is no tool search, so MCP tools must not be deferred behind it.
      "tool_search_always_defer_mcp_tools = false",
      "[analytics]",
      "enabled = false",
      `[projects."${repo}"]`,
      'trust_level = "trusted"',
      "",
    ].join("\n"),
  );
}

/**
 * One line of Codex's stderr and JSONL events each, cut short, for an assertion's message.
 * @example expect(run.code, codexTrace(run)).toBe(0)
 */
export function codexTrace(run: ClientRun): string {
  const stderr = run.stderr
    .split("\n")
    .filter((l) => /mcp|hook|error/i.test(l))
    .map((l) => l.slice(-400))
    .join("\n");
  return `codex exit ${run.code}\nstderr:\n${stderr}\nevents:\n${run.events.map((e) => JSON.stringify(e).slice(0, 300)).join("\n")}`;
}
