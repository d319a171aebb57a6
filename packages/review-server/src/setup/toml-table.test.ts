import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { mergeTomlTable } from "./toml-table.js";

const PATH = ["mcp_servers", "opencode-review"] as const;
const VALUES = { command: "npx", args: ["-y", "opencode-review", "mcp"] };

describe("mergeTomlTable", () => {
  it("appends a missing table and keeps every other byte, comments included", () => {
    const text = '# my settings\nmodel = "o3" # the usual\n\n[mcp_servers.other]\ncommand = "x"\n';
    const merged = mergeTomlTable(text, PATH, VALUES, "config.toml");
    expect(merged.changes).toEqual(["added [mcp_servers.opencode-review]"]);
    expect(merged.text).toBe(
      `${text}\n[mcp_servers.opencode-review]\ncommand = "npx"\nargs = ["-y", "opencode-review", "mcp"]\n`,
    );
    expect(mergeTomlTable(merged.text, PATH, VALUES, "config.toml")).toEqual({ text: merged.text, changes: [] });
  });

  it("rewrites only the keys that differ inside an existing table, a multi-line array included, and adds missing ones after its last key", () => {
    const text = [
      "[mcp_servers.opencode-review]",
      "# started by hand",
      'command = "node"',
      "args = [",
      '  "old.js",',
      "]",
      'env = { A = "1" }',
      "",
      "# next",
      "[profiles.fast]",
      'model = "o4"',
      "",
    ].join("\n");
    const merged = mergeTomlTable(text, PATH, { ...VALUES, default_tools_approval_mode: "approve" }, "config.toml");
    expect(merged.changes).toEqual([
      "set command in [mcp_servers.opencode-review]",
      "set args in [mcp_servers.opencode-review]",
      "set default_tools_approval_mode in [mcp_servers.opencode-review]",
    ]);
    expect(merged.text).toBe(
      [
        "[mcp_servers.opencode-review]",
        "# started by hand",
        'command = "npx"',
        'args = ["-y", "opencode-review", "mcp"]',
        'env = { A = "1" }',
        'default_tools_approval_mode = "approve"',
        "",
        "# next",
        "[profiles.fast]",
        'model = "o4"',
        "",
      ].join("\n"),
    );
    expect(parse(merged.text)).toMatchObject({
      mcp_servers: { "opencode-review": { env: { A: "1" } } },
      profiles: { fast: { model: "o4" } },
    });
  });

  it("refuses what it cannot merge safely, saying what to do", () => {
    expect(() => mergeTomlTable("model = [\n", PATH, VALUES, ".codex/config.toml")).toThrow(
      /^\.codex\/config\.toml is not valid TOML \(.*\); fix it and run set-up again\. Nothing was written\.$/,
    );
    expect(() => mergeTomlTable('mcp_servers.opencode-review.command = "x"\n', PATH, VALUES, "c.toml")).toThrow(
      /defines mcp_servers\.opencode-review without a \[mcp_servers\.opencode-review\] header/,
    );
  });

  it("quotes what TOML needs quoted", () => {
    const merged = mergeTomlTable(
      null,
      PATH,
      { command: 'C:\\tools\\"node"', args: ["a b"], startup_timeout_sec: 60 },
      "c.toml",
    );
    expect(parse(merged.text)).toEqual({
      mcp_servers: { "opencode-review": { command: 'C:\\tools\\"node"', args: ["a b"], startup_timeout_sec: 60 } },
    });
  });
});
