// `opencode-review setup claude|codex` as users run it: the built CLI on a project with configs of its own.
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli, cliPath, runCliToEnd } from "../cli/testing/cli-process.js";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const onCleanup = cleanUpAfterEach();
beforeAll(async () => {
  await buildCli();
}, 180_000);

async function project(files: Record<string, string>): Promise<TempRepository> {
  const repo = await makeTempRepository();
  for (const [path, text] of Object.entries(files)) await repo.write(path, text);
  onCleanup(() => repo.remove());
  return repo;
}

async function texts(repo: TempRepository, files: readonly string[]): Promise<Record<string, string>> {
  return Object.fromEntries(
    await Promise.all(files.map(async (f) => [f, await readFile(join(repo.dir, f), "utf8")] as const)),
  );
}

const CLAUDE_FILES = [".mcp.json", ".claude/settings.json"];
const CODEX_FILES = [".codex/config.toml", ".codex/hooks.json"];

describe("opencode-review setup claude", () => {
  it("merges the server, the two hooks, the enabled server and its tools into existing configs; a second run changes nothing", async () => {
    const repo = await project({
      ".mcp.json": JSON.stringify({ mcpServers: { other: { command: "other-server" } } }, null, 4) + "\n",
      ".claude/settings.json": JSON.stringify({
        model: "opus",
        permissions: { allow: ["Bash(ls:*)"] },
        hooks: { Stop: [{ hooks: [{ type: "command", command: "echo done" }] }] },
      }),
    });
    const first = await runCliToEnd(["setup", "claude", "--repo", repo.dir]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(".mcp.json: added the opencode-review MCP server");
    expect(first.stdout).toContain(".claude/settings.json: added the Stop hook; added the UserPromptSubmit hook");
    // npx needs the package on npm; from this clone the output gives the command that works instead.
    expect(first.stdout).toContain(
      "The server and hooks run `npx -y opencode-review`: they need the package published on npm.",
    );
    expect(first.stdout).toContain(
      `set up with --local instead: node ${cliPath} setup claude --local --repo ${repo.dir}\n`,
    );
    const mcp = JSON.parse((await texts(repo, [".mcp.json"]))[".mcp.json"]!);
    expect(mcp).toEqual({
      mcpServers: {
        other: { command: "other-server" },
        "opencode-review": { type: "stdio", command: "npx", args: ["-y", "opencode-review", "mcp"] },
      },
    });
    // The file's own four-space indent is kept.
    expect((await texts(repo, [".mcp.json"]))[".mcp.json"]).toContain('\n    "mcpServers"');
    const settings = JSON.parse((await texts(repo, [".claude/settings.json"]))[".claude/settings.json"]!);
    expect(settings).toEqual({
      model: "opus",
      permissions: {
        allow: [
          "Bash(ls:*)",
          "mcp__opencode-review__review_list",
          "mcp__opencode-review__review_reply",
          "mcp__opencode-review__review_open",
          "mcp__opencode-review__review_tour",
        ],
      },
      hooks: {
        Stop: [
          { hooks: [{ type: "command", command: "echo done" }] },
          { hooks: [{ type: "command", command: "npx -y opencode-review hook stop", timeout: 10 }] },
        ],
        UserPromptSubmit: [
          { hooks: [{ type: "command", command: "npx -y opencode-review hook prompt", timeout: 10 }] },
        ],
      },
      enabledMcpjsonServers: ["opencode-review"],
    });

    const before = await texts(repo, CLAUDE_FILES);
    const second = await runCliToEnd(["setup", "claude", "--repo", repo.dir]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(".mcp.json: unchanged");
    expect(second.stdout).toContain(".claude/settings.json: unchanged");
    expect(second.stdout).toContain("Already set up for Claude Code; nothing changed.");
    expect(await texts(repo, CLAUDE_FILES)).toEqual(before);
  });

  it("--local points the server and hooks at this build; switching back to npx updates them in place", async () => {
    const repo = await project({});
    const local = await runCliToEnd(["setup", "claude", "--local"], { cwd: repo.dir });
    expect(local.code).toBe(0);
    expect(local.stdout).not.toContain("npx");
    const mcp = JSON.parse((await texts(repo, [".mcp.json"]))[".mcp.json"]!);
    expect(mcp.mcpServers["opencode-review"]).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [cliPath, "mcp"],
    });
    const settings = JSON.parse((await texts(repo, [".claude/settings.json"]))[".claude/settings.json"]!);
    expect(settings.hooks.Stop[0].hooks[0].command).toBe(`${process.execPath} ${cliPath} hook stop`);

    const back = await runCliToEnd(["setup", "claude"], { cwd: repo.dir });
    expect(back.stdout).toContain(".claude/settings.json: updated the Stop hook; updated the UserPromptSubmit hook");
    const after = JSON.parse((await texts(repo, [".claude/settings.json"]))[".claude/settings.json"]!);
    expect(after.hooks.Stop).toEqual([
      { hooks: [{ type: "command", command: "npx -y opencode-review hook stop", timeout: 10 }] },
    ]);
  });

  it("refuses a config it cannot read and writes nothing at all", async () => {
    const repo = await project({ ".claude/settings.json": "{ this is not json" });
    const outcome = await runCliToEnd(["setup", "claude", "--repo", repo.dir]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(
      /^opencode-review setup: \.claude\/settings\.json is not valid JSON \(.*\); fix it and run set-up again\. Nothing was written\.\n$/,
    );
    await expect(readFile(join(repo.dir, ".mcp.json"), "utf8")).rejects.toThrow(/ENOENT/);
    expect((await texts(repo, [".claude/settings.json"]))[".claude/settings.json"]).toBe("{ this is not json");
  });
});

describe("opencode-review setup codex", () => {
  it("adds [mcp_servers.opencode-review] keeping the TOML's comments and tables, and the two hooks; a second run changes nothing", async () => {
    const toml = [
      "# Codex settings for this project",
      'model = "o3"  # keep',
      "",
      "[mcp_servers.docs]",
      'command = "docs-server"',
      "",
    ].join("\n");
    const repo = await project({
      ".codex/config.toml": toml,
      ".codex/hooks.json": JSON.stringify(
        { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "date" }] }] } },
        null,
        2,
      ),
    });
    const first = await runCliToEnd(["setup", "codex", "--repo", repo.dir]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(".codex/config.toml: added [mcp_servers.opencode-review]");
    expect(first.stdout).toContain(".codex/hooks.json: added the Stop hook; added the UserPromptSubmit hook");
    const written = await texts(repo, CODEX_FILES);
    expect(written[".codex/config.toml"]!.startsWith(toml)).toBe(true);
    expect(parse(written[".codex/config.toml"]!)).toEqual({
      model: "o3",
      mcp_servers: {
        docs: { command: "docs-server" },
        "opencode-review": {
          command: "npx",
          args: ["-y", "opencode-review", "mcp"],
          default_tools_approval_mode: "approve",
          startup_timeout_sec: 60,
          // Codex passes on only these of its own variables: the token and API bases for the pull on start.
          env_vars: [
            "GH_TOKEN",
            "GITHUB_TOKEN",
            "FORGEJO_TOKEN",
            "GITEA_TOKEN",
            "GITHUB_API_URL",
            "GITHUB_GRAPHQL_URL",
            "FORGEJO_API_URL",
          ],
        },
      },
    });
    expect(JSON.parse(written[".codex/hooks.json"]!).hooks).toEqual({
      UserPromptSubmit: [
        { hooks: [{ type: "command", command: "date" }] },
        { hooks: [{ type: "command", command: "npx -y opencode-review hook prompt", timeout: 10 }] },
      ],
      Stop: [{ hooks: [{ type: "command", command: "npx -y opencode-review hook stop", timeout: 10 }] }],
    });

    const second = await runCliToEnd(["setup", "codex", "--repo", repo.dir]);
    expect(second.stdout).toContain(".codex/config.toml: unchanged");
    expect(second.stdout).toContain(".codex/hooks.json: unchanged");
    expect(await texts(repo, CODEX_FILES)).toEqual(written);
  });

  it("in a project with no .codex folder, creates both files", async () => {
    const repo = await project({});
    const run = await runCliToEnd(["setup", "codex"], { cwd: repo.dir });
    expect(run.stdout).toContain(".codex/config.toml: created, added [mcp_servers.opencode-review]");
    // The command the output gives for a clone works as printed: it points Codex at this build.
    const printed = /set up with --local instead: node (\S+) (setup codex --local --repo \S+)$/m.exec(run.stdout);
    expect(printed?.[1]).toBe(cliPath);
    const again = await runCliToEnd(printed![2]!.split(" "), { cwd: repo.dir });
    expect(again.code).toBe(0);
    expect(parse((await texts(repo, [".codex/config.toml"]))[".codex/config.toml"]!)).toMatchObject({
      mcp_servers: { "opencode-review": { command: process.execPath, args: [cliPath, "mcp"] } },
    });
    expect(run.stdout).toContain(".codex/hooks.json: created, added the Stop hook, added the UserPromptSubmit hook");
  });
});

describe("setup keeps what it found", () => {
  it("keeps a file's mode, its CRLF line endings and a number's text past 2^53", async () => {
    const repo = await project({});
    const mcp =
      '{\r\n  "mcpServers": {\r\n    "other": { "command": "x", "env": { "TOKEN": "s3cret" } }\r\n  },\r\n  "big": 12345678901234567890,\r\n  "ratio": 1.50\r\n}\r\n';
    await writeFile(join(repo.dir, ".mcp.json"), mcp);
    await chmod(join(repo.dir, ".mcp.json"), 0o600);
    const toml = [
      "# keep this comment",
      'model = "o3"',
      "",
      "[mcp_servers.docs]",
      'command = "docs" # and this one',
      "",
    ].join("\r\n");
    await mkdir(join(repo.dir, ".codex"));
    await writeFile(join(repo.dir, ".codex", "config.toml"), toml);
    expect((await runCliToEnd(["setup", "claude", "--repo", repo.dir])).code).toBe(0);
    expect((await runCliToEnd(["setup", "codex", "--repo", repo.dir])).code).toBe(0);

    expect((await stat(join(repo.dir, ".mcp.json"))).mode & 0o777).toBe(0o600);
    const written = await readFile(join(repo.dir, ".mcp.json"), "utf8");
    expect(written).toContain('"big": 12345678901234567890,');
    expect(written).toContain('"ratio": 1.50');
    expect(written.replace(/\r\n/g, "")).not.toContain("\n");
    expect(JSON.parse(written).mcpServers["opencode-review"]).toMatchObject({ command: "npx" });
    const codex = await readFile(join(repo.dir, ".codex", "config.toml"), "utf8");
    expect(codex.startsWith(toml)).toBe(true);
    expect(codex.replace(/\r\n/g, "")).not.toContain("\n");
    expect(codex).toContain("# and this one");
  });

  it("writes through a symlink into the project, and refuses one that points outside, saying so, writing nothing", async () => {
    const repo = await project({ "config/mcp.json": '{ "mcpServers": {} }\n' });
    await symlink("config/mcp.json", join(repo.dir, ".mcp.json"));
    expect((await runCliToEnd(["setup", "claude", "--repo", repo.dir])).code).toBe(0);
    expect((await lstat(join(repo.dir, ".mcp.json"))).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(join(repo.dir, "config/mcp.json"), "utf8")).mcpServers).toHaveProperty(
      "opencode-review",
    );

    const outside = await mkdtemp(join(tmpdir(), "setup-outside-"));
    onCleanup(() => rm(outside, { recursive: true, force: true }));
    await writeFile(join(outside, "hooks.json"), "{}\n");
    const other = await project({});
    await mkdir(join(other.dir, ".codex"));
    await symlink(join(outside, "hooks.json"), join(other.dir, ".codex", "hooks.json"));
    const refused = await runCliToEnd(["setup", "codex", "--repo", other.dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `opencode-review setup: .codex/hooks.json: .codex/hooks.json is a symlink to ${join(await realpath(outside), "hooks.json")}, outside the project, and set-up writes only inside it (make .codex/hooks.json a file of the project); set-up writes nothing until that is fixed.\n`,
    );
    expect(await readFile(join(outside, "hooks.json"), "utf8")).toBe("{}\n");
    expect(await readdir(join(other.dir, ".codex"))).toEqual(["hooks.json"]);
  });

  it("checks every path before writing any: .claude a regular file is one line and nothing written", async () => {
    const repo = await project({ ".claude": "not a folder\n" });
    const refused = await runCliToEnd(["setup", "claude", "--repo", repo.dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      "opencode-review setup: .claude/settings.json: .claude is a file, not a folder, so .claude/settings.json cannot be written (move .claude aside); set-up writes nothing until that is fixed.\n",
    );
    expect((await readdir(repo.dir)).sort()).toEqual([".claude", ".git"]);
  });
});

describe("the commands with a word after them", () => {
  it("say which words they take when it is missing or wrong", async () => {
    expect(await runCliToEnd(["setup"])).toMatchObject({
      code: 2,
      stderr: "opencode-review setup: give one of claude, codex (see opencode-review setup --help)\n",
    });
    expect(await runCliToEnd(["setup", "cursor"])).toMatchObject({
      code: 2,
      stderr: 'opencode-review setup: unknown "cursor"; give one of claude, codex (see opencode-review setup --help)\n',
    });
    // A hook never fails the client's turn, not even for a wrong command line.
    expect(await runCliToEnd(["hook"])).toMatchObject({
      code: 0,
      stdout: "",
      stderr: expect.stringContaining("give one of stop, prompt"),
    });
    const help = await runCliToEnd(["hook", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: opencode-review hook stop\|prompt/);
  });
});
