import { describe, expect, it } from "vitest";
import { addressThread } from "./address-thread.js";
import { matchesPathSuffix } from "./path-suffix.js";
import type { Location } from "../anchor/types.js";

interface T {
  readonly id: string;
  readonly file: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly anchor: Location;
}

function at(id: string, file: string, start: number | null, end: number | null, anchor?: Location): T {
  return { id, file, start, end, anchor: anchor ?? { state: "current", start, end } };
}

describe("matchesPathSuffix", () => {
  it.each([
    ["src/a.ts", "a.ts", true],
    ["src/a.ts", "src/a.ts", true],
    ["pkg/src/a.ts", "src/a.ts", true],
    ["src/data.ts", "a.ts", false],
    ["src/a.ts", "c/a.ts", false],
    ["src/a.ts", "rc/a.ts", false],
    ["src/a.ts", "./src/a.ts", true],
    ["src/a.ts", "/src/a.ts", true],
    ["src/a.ts", "src\\a.ts", true],
    ["src/a.ts", "", false],
    ["src/a.ts", "src", false],
  ])("%s by %s: %s", (path, suffix, expected) => {
    expect(matchesPathSuffix(path, suffix)).toBe(expected);
  });
});

describe("addressThread", () => {
  const threads = [
    at("t1", "src/a.ts", 10, 14),
    at("t2", "src/data.ts", 1, 50),
    at("t3", "src/b.ts", 3, 3),
    at("t4", "src/b.ts", 20, 22),
    at("t5", "docs/b.ts", 1, 5),
    at("t6", "README.md", null, null),
    // Moved: written on 30-31, the lines read now at 40-41.
    at("t7", "src/c.ts", 30, 31, { state: "moved", start: 40, end: 41 }),
    // Outdated: its lines are gone, so no line finds it.
    at("t8", "src/c.ts", 5, 6, { state: "outdated", start: null, end: null }),
    at("t9", "src/d.ts", null, null),
    at("t10", "src/d.ts", 7, 9),
  ];

  it("finds by id", () => {
    expect(addressThread(threads, { id: "t3" })).toEqual({ ok: true, thread: threads[2] });
  });

  it("an id wins over file and line", () => {
    expect(addressThread(threads, { id: "t3", file: "src/a.ts", line: 12 })).toMatchObject({
      ok: true,
      thread: { id: "t3" },
    });
  });

  it("an unknown id is not found and says to call review_list", () => {
    const out = addressThread(threads, { id: "t99" });
    expect(out).toMatchObject({ ok: false, code: "not_found", candidates: [] });
    if (!out.ok) expect(out.message).toMatch(/No thread t99.*review_list/);
  });

  it("a file suffix matches whole segments only: a.ts is src/a.ts, never src/data.ts", () => {
    expect(addressThread(threads, { file: "a.ts", line: 12 })).toMatchObject({ ok: true, thread: { id: "t1" } });
    expect(addressThread(threads, { file: "a.ts", line: 40 })).toMatchObject({ ok: false, code: "not_found" });
  });

  it("a moved thread is found by its line now, not by the old one", () => {
    expect(addressThread(threads, { file: "c.ts", line: 41 })).toMatchObject({ ok: true, thread: { id: "t7" } });
    const old = addressThread(threads, { file: "c.ts", line: 30 });
    expect(old).toMatchObject({ ok: false, code: "not_found" });
    if (!old.ok) {
      expect(old.message).toContain("t7 (src/c.ts:40-41)");
      expect(old.message).toContain("t8 (src/c.ts, its lines are gone)");
      expect(old.candidates.map((c) => c.id)).toEqual(["t7", "t8"]);
    }
  });

  it("a whole-file thread matches any line, and a file without line when it is the only thread", () => {
    expect(addressThread(threads, { file: "README.md", line: 999 })).toMatchObject({ ok: true, thread: { id: "t6" } });
    expect(addressThread(threads, { file: "README.md" })).toMatchObject({ ok: true, thread: { id: "t6" } });
    expect(addressThread(threads, { file: "src/a.ts" })).toMatchObject({ ok: true, thread: { id: "t1" } });
  });

  it("a line thread wins over the whole-file thread of the same file", () => {
    expect(addressThread(threads, { file: "d.ts", line: 8 })).toMatchObject({ ok: true, thread: { id: "t10" } });
    expect(addressThread(threads, { file: "d.ts", line: 100 })).toMatchObject({ ok: true, thread: { id: "t9" } });
  });

  it("several matches are ambiguous, with the candidate ids in the message", () => {
    const out = addressThread(threads, { file: "b.ts", line: 3 });
    expect(out).toMatchObject({ ok: false, code: "ambiguous" });
    if (out.ok) return;
    expect(out.candidates).toEqual([
      { id: "t3", file: "src/b.ts", start: 3, end: 3 },
      { id: "t5", file: "docs/b.ts", start: 1, end: 5 },
    ]);
    expect(out.message).toContain("t3 (src/b.ts:3)");
    expect(out.message).toContain("t5 (docs/b.ts:1-5)");
    expect(out.message).toMatch(/Give the id/);
  });

  it("a longer suffix removes the ambiguity", () => {
    expect(addressThread(threads, { file: "src/b.ts", line: 3 })).toMatchObject({ ok: true, thread: { id: "t3" } });
  });

  it("a file with several threads and no line is ambiguous", () => {
    const out = addressThread(threads, { file: "src/b.ts" });
    expect(out).toMatchObject({ ok: false, code: "ambiguous" });
    if (!out.ok) expect(out.candidates.map((c) => c.id)).toEqual(["t3", "t4"]);
  });

  it("a line outside every range lists what the file does have", () => {
    const out = addressThread(threads, { file: "src/b.ts", line: 10 });
    expect(out).toMatchObject({ ok: false, code: "not_found" });
    if (out.ok) return;
    expect(out.message).toBe(
      "No thread on src/b.ts covers line 10. Threads there: t3 (src/b.ts:3), t4 (src/b.ts:20-22). Give one of these ids, or a line inside its range as it reads now.",
    );
  });

  it("a file without threads says to call review_list", () => {
    const out = addressThread(threads, { file: "src/zzz.ts", line: 1 });
    expect(out).toMatchObject({ ok: false, code: "not_found", candidates: [] });
    if (!out.ok) expect(out.message).toMatch(/review_list/);
  });

  it("no id and no file says how to name a thread", () => {
    const out = addressThread(threads, { line: 3 });
    expect(out).toMatchObject({ ok: false, code: "not_found" });
    if (!out.ok) expect(out.message).toMatch(/by its id, or by file and line/);
  });
});

describe("addressThread on a renamed file", () => {
  const renamed = {
    id: "t1",
    file: "src/util.ts",
    start: 2,
    end: 2,
    anchor: { state: "current" as const, start: 2, end: 2, file: "src/helpers.ts" },
  };
  it("finds the thread by the path now (what review_list showed) and still by the old path", () => {
    expect(addressThread([renamed], { file: "helpers.ts", line: 2 })).toMatchObject({ ok: true, thread: { id: "t1" } });
    expect(addressThread([renamed], { file: "src/util.ts", line: 2 })).toMatchObject({
      ok: true,
      thread: { id: "t1" },
    });
  });
  it("names candidates by the path now", () => {
    const miss = addressThread([renamed], { file: "helpers.ts", line: 7 });
    expect(miss).toMatchObject({ ok: false, candidates: [{ id: "t1", file: "src/helpers.ts" }] });
    expect(miss.ok ? "" : miss.message).toContain("t1 (src/helpers.ts:2)");
  });
});
