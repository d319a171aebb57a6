import { describe, expect, it } from "vitest";
import type { DiffFile } from "../../api.js";
import { fileTree } from "./file-tree.js";

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
