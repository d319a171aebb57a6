import { describe, expect, it } from "vitest";
import { createHighlight, type Token } from "./highlight.js";
import type { DiffFile } from "../review-client.js";

/** src/app.ts with line 2 changed to `text` (old line 2 deleted, new line 2 added). */
function appFile(text: string): DiffFile {
  return {
    path: "src/app.ts",
    oldPath: null,
    status: "modified",
    binary: false,
    oldMode: null,
    newMode: null,
    similarity: null,
    hunks: [
      {
        oldStart: 1,
        oldLines: 3,
        newStart: 1,
        newLines: 3,
        lines: [
          { kind: "ctx", old: 1, new: 1, text: "const a = 1;" },
          { kind: "del", old: 2, new: null, text: "const b = 2;" },
          { kind: "add", old: null, new: 2, text },
          { kind: "ctx", old: 3, new: 3, text: "const c = 3;" },
        ],
      },
    ],
  } as DiffFile;
}

const spelled = (tokens: readonly Token[] | null) => (tokens === null ? null : tokens.map((t) => t.text).join(""));

async function until(read: () => string | null, want: string): Promise<void> {
  for (let i = 0; i < 200 && read() !== want; i++) await new Promise((r) => setTimeout(r, 25));
}

describe("syntax colours of a diff", () => {
  it("colours a line as it now reads after the file changed, never with the tokens of its old text", async () => {
    const highlight = createHighlight();
    highlight.request(appFile("const b = 20;"));
    const line2 = () => spelled(highlight.tokens("src/app.ts", "new", 2));
    await until(line2, "const b = 20;");
    expect(line2()).toBe("const b = 20;");

    // The agent writes the line again while the panel is open: the same file, asked for with its new lines.
    highlight.request(appFile("const b = 200;"));
    // Until the new colours are ready the line has none (it shows as plain text), never the old ones.
    expect(line2()).not.toBe("const b = 20;");
    await until(line2, "const b = 200;");
    expect(line2()).toBe("const b = 200;");
    expect(spelled(highlight.tokens("src/app.ts", "old", 2))).toBe("const b = 2;");
  });

  it("keeps the colours of a file asked for again with the same lines", async () => {
    const highlight = createHighlight();
    highlight.request(appFile("const b = 20;"));
    await until(() => spelled(highlight.tokens("src/app.ts", "new", 2)), "const b = 20;");
    const first = highlight.tokens("src/app.ts", "new", 2);
    highlight.request(appFile("const b = 20;"));
    expect(highlight.tokens("src/app.ts", "new", 2)).toBe(first);
  });

  it("colours lines revealed beside the diff once the file's whole text is given, keeping the diff's colours meanwhile", async () => {
    const highlight = createHighlight();
    const file = appFile("const b = 20;");
    highlight.request(file);
    await until(() => spelled(highlight.tokens("src/app.ts", "new", 2)), "const b = 20;");
    // Line 5 is not in the diff: no colours for it yet.
    expect(highlight.tokens("src/app.ts", "new", 5)).toBeNull();
    const text = ["const a = 1;", "const b = 20;", "const c = 3;", "", "export function later() {}"];
    highlight.request(file, text);
    // The same lines asked for again with more around them: the diff's lines keep their colours meanwhile.
    expect(spelled(highlight.tokens("src/app.ts", "new", 2))).toBe("const b = 20;");
    const line5 = () => spelled(highlight.tokens("src/app.ts", "new", 5));
    await until(line5, "export function later() {}");
    expect(line5()).toBe("export function later() {}");
    const keyword = highlight.tokens("src/app.ts", "new", 5)!.find((t) => t.text.trim() === "export");
    expect(keyword?.light).toBeDefined();
  });
});
