import { describe, expect, it } from "vitest";
import { KEEP, wrapWords } from "./wrap-words.js";

describe("wrapping the view's sentences", () => {
  it("breaks at spaces within the width, keeps joined words together, indents what follows and splits only a word longer than a line", () => {
    expect(wrapWords("Enter saves the draft · Escape cancels", 24)).toEqual([
      "Enter saves the draft ·",
      "Escape cancels",
    ]);
    expect(wrapWords(`Review: 1 thread waits on you (ctrl+x${KEEP}v)`, 34)).toEqual([
      "Review: 1 thread waits on you",
      "(ctrl+x v)",
    ]);
    expect(wrapWords("t               all changes / since last round", 30, 16)).toEqual([
      "t               all changes /",
      "                since last",
      "                round",
    ]);
    expect(wrapWords("Shown: http://127.0.0.1:4000/#token=abcdef · no browser", 20)).toEqual([
      "Shown:",
      "http://127.0.0.1:",
      "4000/#token=abcdef ·",
      "no browser",
    ]);
    expect(wrapWords("  a-component-with-a-long-name.ts (2)", 20, 4)).toEqual([
      "  a-component-with-",
      "    a-long-name.ts",
      "    (2)",
    ]);
    expect(wrapWords("0123456789abcdefghij0123", 10)).toEqual(["0123456789", "abcdefghij", "0123"]);
    expect(wrapWords("fits", 80)).toEqual(["fits"]);
    expect(wrapWords("", 80)).toEqual([""]);
    for (const line of wrapWords("a ".repeat(200), 7, 2)) expect(line.length).toBeLessThanOrEqual(7);
  });
});

describe("the web panel's link on the status line", () => {
  it("stands whole on the first line when it fits the screen, what follows it wrapping after", () => {
    const link = "http://127.0.0.1:43127/#token=0123456789abcdef0123456789abcdef&file=src%2Fapp.ts&line=6";
    const lines = wrapWords(`${link} · Opened in the browser and copied`, 100);
    expect(lines[0]!.startsWith(link)).toBe(true);
  });
});
