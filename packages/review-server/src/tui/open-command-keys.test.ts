import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openCommandKeys } from "./open-command-keys.js";

const folders: string[] = [];
afterEach(async () => {
  for (const f of folders.splice(0)) await rm(f, { recursive: true, force: true });
});

async function layout(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "tui2-keys-"));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const command = "opencode-review.open";

describe("the person's keys for opencode-review.open, read from tui.json as opencode reads it", () => {
  it("keeps the default when no tui.json names the command", async () => {
    const root = await layout({ "repo/.opencode/tui.json": '{ "keybinds": { "app_exit": "ctrl+q" } }' });
    const found = await openCommandKeys({
      command,
      directory: join(root, "repo"),
      worktree: join(root, "repo"),
      globalConfig: join(root, "global"),
      env: {},
    });
    expect(found).toEqual({ configured: false });
  });

  it("reads a project's .opencode/tui.json (JSONC, comments and trailing commas), over the global one", async () => {
    const root = await layout({
      "global/tui.json": '{ "keybinds": { "opencode-review.open": "<leader>w" } }',
      "repo/.opencode/tui.json": '{\n  // mine\n  "keybinds": { "opencode-review.open": "<leader>o,ctrl+r", },\n}',
    });
    const found = await openCommandKeys({
      command,
      directory: join(root, "repo"),
      worktree: join(root, "repo"),
      globalConfig: join(root, "global"),
      env: {},
    });
    expect(found).toEqual({ configured: true, keys: ["<leader>o", "ctrl+r"] });
  });

  it("takes the global file alone, a list of keys, and none / false as unbound", async () => {
    const root = await layout({
      "global/tui.jsonc": '{ "keybinds": { "opencode-review.open": ["<leader>w", "f5"] } }',
    });
    const repo = join(root, "repo");
    await mkdir(repo, { recursive: true });
    expect(
      await openCommandKeys({ command, directory: repo, worktree: repo, globalConfig: join(root, "global"), env: {} }),
    ).toEqual({ configured: true, keys: ["<leader>w", "f5"] });
    await writeFile(join(repo, "tui.json"), '{ "keybinds": { "opencode-review.open": "none" } }');
    expect(
      await openCommandKeys({ command, directory: repo, worktree: repo, globalConfig: join(root, "global"), env: {} }),
    ).toEqual({ configured: true, keys: [] });
  });

  it("a subfolder's file wins over the work tree's top; the plugin entry's own options win over both; a broken file is skipped", async () => {
    const root = await layout({
      "repo/tui.json": '{ "keybinds": { "opencode-review.open": "<leader>1" } }',
      "repo/sub/tui.json": '{ "keybinds": { "opencode-review.open": "<leader>2" } }',
      "repo/sub/.opencode/tui.json": '{ "keybinds": { "opencode-review.open": ',
    });
    const at = {
      command,
      directory: join(root, "repo/sub"),
      worktree: join(root, "repo"),
      globalConfig: join(root, "global"),
      env: {},
    };
    expect(await openCommandKeys(at)).toEqual({ configured: true, keys: ["<leader>2"] });
    expect(await openCommandKeys({ ...at, options: { keybinds: { [command]: "<leader>3" } } })).toEqual({
      configured: true,
      keys: ["<leader>3"],
    });
    expect(await openCommandKeys({ ...at, env: { OPENCODE_DISABLE_PROJECT_CONFIG: "1" } })).toEqual({
      configured: false,
    });
  });
});
