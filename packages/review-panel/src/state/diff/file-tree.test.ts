import { describe, expect, it } from "vitest";
import type { DiffFile } from "../../api.js";
import { fileTree, pathMatches } from "./file-tree.js";

const f = (path: string): DiffFile => ({ path, oldPath: null, status: "modified", binary: false, hunks: [] });

describe("fileTree", () => {
  it("groups files under their folders, subfolders first, with open-thread counts", () => {
    const entries = fileTree([f("README.md"), f("src/b.ts"), f("src/lib/a.ts")], [
      { file: "src/b.ts", anchor: { state: "current" }, status: "open", unreadByHuman: true, awaiting: "human" },
      { file: "src/b.ts", anchor: { state: "current" }, status: "resolved", unreadByHuman: false, awaiting: null },
      // Written on a file that was renamed since: counted under its name now.
      {
        file: "src/old.ts",
        anchor: { state: "current", file: "src/lib/a.ts" },
        status: "open",
        unreadByHuman: false,
        awaiting: "agent",
      },
    ] as never);
    expect(entries.map((e) => `${"  ".repeat(e.depth)}${e.name}`)).toEqual([
      "src",
      "  lib",
      "    a.ts",
      "  b.ts",
      "README.md",
    ]);
    expect(entries.find((e) => e.name === "b.ts")).toMatchObject({ open: 1, unread: true, waiting: true });
    expect(entries.find((e) => e.name === "a.ts")).toMatchObject({ open: 1, unread: false, waiting: false });
  });
});

describe("the file tree's figures and filter", () => {
  const changed = (path: string, adds: number, dels: number): DiffFile => ({
    ...f(path),
    hunks: [
      {
        oldStart: 1,
        oldLines: dels,
        newStart: 1,
        newLines: adds,
        lines: [
          ...Array.from({ length: dels }, (_, i) => ({ kind: "del" as const, old: i + 1, new: null, text: "x" })),
          ...Array.from({ length: adds }, (_, i) => ({ kind: "add" as const, old: null, new: i + 1, text: "y" })),
          { kind: "ctx" as const, old: dels + 1, new: adds + 1, text: "z" },
        ],
      },
    ],
  });

  it("gives each file the lines it adds and deletes", () => {
    const entries = fileTree([changed("src/a.ts", 3, 1), changed("README.md", 0, 2)], []);
    expect(entries.find((e) => e.name === "a.ts")).toMatchObject({ adds: 3, dels: 1 });
    expect(entries.find((e) => e.name === "README.md")).toMatchObject({ adds: 0, dels: 2 });
  });

  it("matches a path by substring in any case, and keeps the folders of the files that match", () => {
    const files = [f("src/store/Tasks.ts"), f("src/api.ts"), f("docs/tasks.md"), f("README.md")];
    const shown = files.filter((file) => pathMatches(file.path, " TASKS "));
    expect(fileTree(shown, []).map((e) => `${"  ".repeat(e.depth)}${e.name}`)).toEqual([
      "docs",
      "  tasks.md",
      "src",
      "  store",
      "    Tasks.ts",
    ]);
    expect(files.filter((file) => pathMatches(file.path, "")).length).toBe(4);
    expect(files.filter((file) => pathMatches(file.path, "src/")).map((file) => file.path)).toEqual([
      "src/store/Tasks.ts",
      "src/api.ts",
    ]);
  });
});
