import { describe, expect, it } from "vitest";
import { syntaxTokens } from "./syntax-tokens.js";

describe("syntax tokens", () => {
  it("colours keywords, strings, numbers, calls, types and comments, and gives back the line exactly", () => {
    const line = 'export const total: Money = sum("a b", 42); // why';
    const tokens = syntaxTokens(line);
    expect(tokens.map((t) => t.text).join("")).toBe(line);
    const tone = (text: string) => tokens.find((t) => t.text === text)?.tone;
    expect(tone("export")).toBe("keyword");
    expect(tone('"a b"')).toBe("string");
    expect(tone("42")).toBe("number");
    expect(tone("sum")).toBe("function");
    expect(tone("Money")).toBe("type");
    expect(tone("// why")).toBe("comment");
  });

  it("takes # as a comment only where it starts one", () => {
    expect(syntaxTokens("x = 1  # note").at(-1)).toEqual({ text: "# note", tone: "comment" });
    expect(syntaxTokens("this.#count--;").some((t) => t.tone === "comment")).toBe(false);
  });

  it("keeps a string that runs past the line's end a string, and a line with no code plain", () => {
    expect(syntaxTokens('x = "unfinished').at(-1)).toEqual({ text: '"unfinished', tone: "string" });
    expect(syntaxTokens("   ")).toEqual([{ text: "   ", tone: "plain" }]);
    expect(syntaxTokens("")).toEqual([]);
  });
});
