import { describe, expect, it } from "vitest";
import { codeWidths } from "./code-scroll.js";
import type { Row } from "../diff/diff-rows.js";

const line = (file: string, text: string, old: number | null, next: number | null): Row => ({
  kind: "line",
  key: `${file}:${old}:${next}`,
  file,
  line: { kind: old === null ? "add" : next === null ? "del" : "ctx", text, old, new: next },
});

describe("codeWidths", () => {
  it("gives each file the width of its longest line, tabs drawn four wide, and the digits of its largest line number", () => {
    const widths = codeWidths([
      { kind: "hunk", key: "h", file: "a.ts", header: "@@ -1,2 +1,3 @@" },
      line("a.ts", "short", 9, 9),
      line("a.ts", "\treturn x;", null, 120),
      line("b.ts", "x".repeat(200), 1500, null),
    ]);
    expect(widths.get("a.ts")).toEqual({ chars: 13, digits: 3 });
    expect(widths.get("b.ts")).toEqual({ chars: 200, digits: 4 });
    expect(widths.has("c.ts")).toBe(false);
  });
});
