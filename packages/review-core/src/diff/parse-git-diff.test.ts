import { createTwoFilesPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseGitDiff } from "./parse-git-diff.js";
import type { FileDiff } from "./types.js";
import { PROPERTY_SEED } from "../testing/property-seed.js";

// Every fixture is real output of git 2.39 (`git diff --no-color --no-ext-diff -M -C <one> <two>`, and
// `git diff` in a conflicted merge for the combined case), made once in a scratch repository and pasted
// here line by line so the tests stay pure.
const git = {
  modified: [
    "diff --git a/m.txt b/m.txt",
    "index e8823e1..38240e4 100644",
    "--- a/m.txt",
    "+++ b/m.txt",
    "@@ -1,5 +1,5 @@",
    " 1",
    "-2",
    "+two",
    " 3",
    " 4",
    " 5",
    "@@ -17,7 +17,8 @@",
    " 17",
    " 18",
    " 19",
    "-20",
    "+twenty",
    "+extra",
    " 21",
    " 22",
    " 23",
  ],
  onelines: [
    "diff --git a/one.txt b/one.txt",
    "index 7898192..6178079 100644",
    "--- a/one.txt",
    "+++ b/one.txt",
    "@@ -1 +1 @@",
    "-a",
    "+b",
    "diff --git a/sec.c b/sec.c",
    "index b77b4eb..206b378 100644",
    "--- a/sec.c",
    "+++ b/sec.c",
    "@@ -1,2 +1,2 @@",
    " x",
    "-y",
    "+z",
  ],
  section: [
    "diff --git a/s.c b/s.c",
    "index c2a63eb..d706abb 100644",
    "--- a/s.c",
    "+++ b/s.c",
    "@@ -4,5 +4,5 @@ int f(void)",
    "   int b = 2;",
    "   int c = 3;",
    "   int d = 4;",
    "-  return a;",
    "+  return b;",
    " }",
  ],
  addel: [
    "diff --git a/emptyold.txt b/emptynew.txt",
    "similarity index 100%",
    "rename from emptyold.txt",
    "rename to emptynew.txt",
    "diff --git a/new.txt b/new.txt",
    "new file mode 100644",
    "index 0000000..94954ab",
    "--- /dev/null",
    "+++ b/new.txt",
    "@@ -0,0 +1,2 @@",
    "+hello",
    "+world",
    "diff --git a/old.txt b/old.txt",
    "deleted file mode 100644",
    "index 286c5f5..0000000",
    "--- a/old.txt",
    "+++ /dev/null",
    "@@ -1 +0,0 @@",
    "-gone",
  ],
  emptynew: ["diff --git a/empty.txt b/empty.txt", "new file mode 100644", "index 0000000..e69de29"],
  emptydel: ["diff --git a/empty.txt b/empty.txt", "deleted file mode 100644", "index e69de29..0000000"],
  puredel: [
    "diff --git a/p.txt b/p.txt",
    "index f00c965..5c685e0 100644",
    "--- a/p.txt",
    "+++ b/p.txt",
    "@@ -2,8 +2,6 @@",
    " 2",
    " 3",
    " 4",
    "-5",
    "-6",
    " 7",
    " 8",
    " 9",
  ],
  rename100: [
    "diff --git a/orig.txt b/moved.txt",
    "similarity index 100%",
    "rename from orig.txt",
    "rename to moved.txt",
  ],
  renameedit: [
    "diff --git a/orig.txt b/moved.txt",
    "similarity index 92%",
    "rename from orig.txt",
    "rename to moved.txt",
    "index 0ff3bbb..6c69c71 100644",
    "--- a/orig.txt",
    "+++ b/moved.txt",
    "@@ -7,7 +7,7 @@",
    " 7",
    " 8",
    " 9",
    "-10",
    "+ten",
    " 11",
    " 12",
    " 13",
  ],
  modeonly: ["diff --git a/run.sh b/run.sh", "old mode 100644", "new mode 100755"],
  modeedit: [
    "diff --git a/run.sh b/run.sh",
    "old mode 100644",
    "new mode 100755",
    "index 0264b88..c4ced2b",
    "--- a/run.sh",
    "+++ b/run.sh",
    "@@ -1,2 +1,2 @@",
    " #!/bin/sh",
    "-echo a",
    "+echo b",
  ],
  binary: [
    "diff --git a/add.bin b/add.bin",
    "new file mode 100644",
    "index 0000000..f899de7",
    "Binary files /dev/null and b/add.bin differ",
    "diff --git a/gone.bin b/gone.bin",
    "deleted file mode 100644",
    "index 00ffac9..0000000",
    "Binary files a/gone.bin and /dev/null differ",
    "diff --git a/x.bin b/x.bin",
    "index 8352675..1592e5c 100644",
    "Binary files a/x.bin and b/x.bin differ",
  ],
  nonewline: [
    "diff --git a/both.txt b/both.txt",
    "index 0a207c0..817f660 100644",
    "--- a/both.txt",
    "+++ b/both.txt",
    "@@ -1,2 +1,2 @@",
    " a",
    "-b",
    "\\ No newline at end of file",
    "+c",
    "\\ No newline at end of file",
    "diff --git a/n.txt b/n.txt",
    "index 422c2b7..0a207c0 100644",
    "--- a/n.txt",
    "+++ b/n.txt",
    "@@ -1,2 +1,2 @@",
    " a",
    "-b",
    "+b",
    "\\ No newline at end of file",
    "diff --git a/o.txt b/o.txt",
    "index 0a207c0..422c2b7 100644",
    "--- a/o.txt",
    "+++ b/o.txt",
    "@@ -1,2 +1,2 @@",
    " a",
    "-b",
    "\\ No newline at end of file",
    "+b",
  ],
  crlf: [
    "diff --git a/crlf.txt b/crlf.txt",
    "index e1587ff..59555e6 100644",
    "--- a/crlf.txt",
    "+++ b/crlf.txt",
    "@@ -1,3 +1,3 @@",
    "-one\r",
    "+one",
    " two\r",
    "-three\r",
    "+three",
  ],
  ambiguous: [
    "diff --git a/dir a/x b/y.txt b/dir a/x b/y.txt",
    "index 1191247..2b2f2e1 100644",
    "--- a/dir a/x b/y.txt\t",
    "+++ b/dir a/x b/y.txt\t",
    "@@ -1,2 +1,2 @@",
    " 1",
    "-2",
    "+3",
    "diff --git a/end  b/end ",
    "index b680253..e556b83 100644",
    "--- a/end \t",
    "+++ b/end \t",
    "@@ -1 +1 @@",
    "-z",
    "+w",
    "diff --git a/a b/c.txt b/p b/c.txt",
    "similarity index 100%",
    "rename from a b/c.txt",
    "rename to p b/c.txt",
  ],
  ambigrename: [
    "diff --git a/old b/x.txt b/new/x b/y.txt",
    "similarity index 94%",
    "rename from old b/x.txt",
    "rename to new/x b/y.txt",
    "index 0ff3bbb..d4de868 100644",
    "--- a/old b/x.txt\t",
    "+++ b/new/x b/y.txt\t",
    "@@ -18,3 +18,4 @@",
    " 18",
    " 19",
    " 20",
    "+21",
  ],
  mixrename: [
    'diff --git a/b.txt "b/x b/\\303\\251.txt"',
    "old mode 100644",
    "new mode 100755",
    "similarity index 100%",
    "rename from b.txt",
    'rename to "x b/\\303\\251.txt"',
  ],
  ctxnonl: [
    "diff --git a/ctx.txt b/ctx.txt",
    "index 471a64a..3733da4 100644",
    "--- a/ctx.txt",
    "+++ b/ctx.txt",
    "@@ -1,3 +1,3 @@",
    "-a",
    "+A",
    " b",
    " last",
    "\\ No newline at end of file",
  ],
  quotedrename: [
    'diff --git a/orig.txt "b/new\\t\\303\\251.txt"',
    "similarity index 92%",
    "rename from orig.txt",
    'rename to "new\\t\\303\\251.txt"',
    "index 0ff3bbb..1620705 100644",
    "--- a/orig.txt",
    '+++ "b/new\\t\\303\\251.txt"',
    "@@ -17,4 +17,4 @@",
    " 17",
    " 18",
    " 19",
    "-20",
    "+end",
  ],
  quoted: [
    'diff --git "a/back\\\\slash.txt" "b/back\\\\slash.txt"',
    "index 587be6b..975fbec 100644",
    '--- "a/back\\\\slash.txt"',
    '+++ "b/back\\\\slash.txt"',
    "@@ -1 +1 @@",
    "-x",
    "+y",
    'diff --git "a/caf\\303\\251.txt" "b/caf\\303\\251.txt"',
    "index 587be6b..975fbec 100644",
    '--- "a/caf\\303\\251.txt"',
    '+++ "b/caf\\303\\251.txt"',
    "@@ -1 +1 @@",
    "-x",
    "+y",
    'diff --git "a/q\\"uote.txt" "b/q\\"uote.txt"',
    "index 587be6b..975fbec 100644",
    '--- "a/q\\"uote.txt"',
    '+++ "b/q\\"uote.txt"',
    "@@ -1 +1 @@",
    "-x",
    "+y",
    'diff --git "a/tab\\tname.txt" "b/tab\\tname.txt"',
    "index 587be6b..975fbec 100644",
    '--- "a/tab\\tname.txt"',
    '+++ "b/tab\\tname.txt"',
    "@@ -1 +1 @@",
    "-x",
    "+y",
    "diff --git a/with space.txt b/with space.txt",
    "index 587be6b..975fbec 100644",
    "--- a/with space.txt\t",
    "+++ b/with space.txt\t",
    "@@ -1 +1 @@",
    "-x",
    "+y",
  ],
  combined: [
    "diff --cc f.txt",
    "index f4ea702,3b6f40a..0000000",
    "--- a/f.txt",
    "+++ b/f.txt",
    "@@@ -1,3 -1,3 +1,3 @@@",
    "  a",
    "- B1",
    " -B2",
    "++B",
    "  c",
    "diff --git a/s.txt b/s.txt",
    "index 718f4d2..4ae8ef0 100644",
    "--- a/s.txt",
    "+++ b/s.txt",
    "@@ -1 +1 @@",
    "-t",
    "+u",
  ],
  copy: [
    "diff --git a/src.txt b/copy.txt",
    "similarity index 89%",
    "copy from src.txt",
    "copy to copy.txt",
    "index 0ff3bbb..d1810ac 100644",
    "--- a/src.txt",
    "+++ b/copy.txt",
    "@@ -1,6 +1,6 @@",
    " 1",
    " 2",
    "-3",
    "+three",
    " 4",
    " 5",
    " 6",
    "diff --git a/src.txt b/src.txt",
    "index 0ff3bbb..d4de868 100644",
    "--- a/src.txt",
    "+++ b/src.txt",
    "@@ -18,3 +18,4 @@",
    " 18",
    " 19",
    " 20",
    "+21",
  ],
  crlfsection: [
    "diff --git a/w.txt b/w.txt",
    "index cd6ee23..8140914 100644",
    "--- a/w.txt",
    "+++ b/w.txt",
    "@@ -3,4 +3,4 @@ fn main()",
    "   b\r",
    "   c\r",
    "   d\r",
    "-  e\r",
    "+  E\r",
  ],
} satisfies Record<string, readonly string[]>;

function parse(name: keyof typeof git): FileDiff[] {
  return parseGitDiff(`${git[name].join("\n")}\n`);
}

function only(name: keyof typeof git): FileDiff {
  const files = parse(name);
  expect(files).toHaveLength(1);
  return files[0] as FileDiff;
}

/** The lines of a hunk as compact strings: marker, old and new numbers, text. */
function rows(file: FileDiff, hunk = 0): string[] {
  return (file.hunks[hunk]?.lines ?? []).map(
    (l) => `${l.kind} ${l.old ?? "-"} ${l.new ?? "-"} ${JSON.stringify(l.text)}${l.noNewline ? " nonl" : ""}`,
  );
}

describe("parseGitDiff: modified files and hunk headers", () => {
  it("reads a modified file with several hunks, numbering both sides", () => {
    const file = only("modified");
    expect(file).toMatchObject({
      path: "m.txt",
      oldPath: null,
      status: "modified",
      binary: false,
      oldMode: "100644",
      newMode: "100644",
      similarity: null,
    });
    expect(file.hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])).toEqual([
      [1, 5, 1, 5],
      [17, 7, 17, 8],
    ]);
    expect(rows(file, 0)).toEqual([
      'ctx 1 1 "1"',
      'del 2 - "2"',
      'add - 2 "two"',
      'ctx 3 3 "3"',
      'ctx 4 4 "4"',
      'ctx 5 5 "5"',
    ]);
    expect(rows(file, 1)).toEqual([
      'ctx 17 17 "17"',
      'ctx 18 18 "18"',
      'ctx 19 19 "19"',
      'del 20 - "20"',
      'add - 20 "twenty"',
      'add - 21 "extra"',
      'ctx 21 22 "21"',
      'ctx 22 23 "22"',
      'ctx 23 24 "23"',
    ]);
    expect(file.hunks[0]?.section).toBeUndefined();
  });

  it("reads hunk headers without counts as one line, next to one with counts", () => {
    const [one, sec] = parse("onelines");
    expect(one?.hunks[0]).toMatchObject({ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1 });
    expect(rows(one as FileDiff)).toEqual(['del 1 - "a"', 'add - 1 "b"']);
    expect(sec?.path).toBe("sec.c");
    expect(rows(sec as FileDiff)).toEqual(['ctx 1 1 "x"', 'del 2 - "y"', 'add - 2 "z"']);
  });

  it("keeps the section text after @@ apart from the numbers", () => {
    const hunk = only("section").hunks[0];
    expect(hunk).toMatchObject({ oldStart: 4, oldLines: 5, newStart: 4, newLines: 5, section: "int f(void)" });
    expect(hunk?.lines[0]).toEqual({ kind: "ctx", old: 4, new: 4, text: "  int b = 2;" });
  });

  it("numbers a hunk that only deletes lines", () => {
    const file = only("puredel");
    expect(file.hunks[0]).toMatchObject({ oldStart: 2, oldLines: 8, newStart: 2, newLines: 6 });
    expect(rows(file).slice(2, 6)).toEqual(['ctx 4 4 "4"', 'del 5 - "5"', 'del 6 - "6"', 'ctx 7 5 "7"']);
  });
});

describe("parseGitDiff: added, deleted and empty files", () => {
  it("reads a new file, a deleted file, and git's rename of one empty file to another", () => {
    const [renamed, added, deleted] = parse("addel");
    expect(renamed).toMatchObject({
      path: "emptynew.txt",
      oldPath: "emptyold.txt",
      status: "renamed",
      similarity: 100,
      hunks: [],
    });
    expect(added).toMatchObject({ path: "new.txt", oldPath: null, status: "added", oldMode: null, newMode: "100644" });
    // git prints "-0,0" for the empty side; the numbers stay as printed.
    expect(added?.hunks[0]).toMatchObject({ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2 });
    expect(rows(added as FileDiff)).toEqual(['add - 1 "hello"', 'add - 2 "world"']);
    expect(deleted).toMatchObject({
      path: "old.txt",
      oldPath: null,
      status: "deleted",
      oldMode: "100644",
      newMode: null,
    });
    expect(deleted?.hunks[0]).toMatchObject({ oldStart: 1, oldLines: 1, newStart: 0, newLines: 0 });
    expect(rows(deleted as FileDiff)).toEqual(['del 1 - "gone"']);
  });

  it("reads an empty new file and an empty deleted file, which have no hunks", () => {
    expect(only("emptynew")).toEqual({
      path: "empty.txt",
      oldPath: null,
      status: "added",
      binary: false,
      oldMode: null,
      newMode: "100644",
      similarity: null,
      hunks: [],
    });
    expect(only("emptydel")).toMatchObject({
      path: "empty.txt",
      status: "deleted",
      oldMode: "100644",
      newMode: null,
      hunks: [],
    });
  });
});

describe("parseGitDiff: renames, copies and modes", () => {
  it("reads a rename without content change", () => {
    expect(only("rename100")).toEqual({
      path: "moved.txt",
      oldPath: "orig.txt",
      status: "renamed",
      binary: false,
      oldMode: null,
      newMode: null,
      similarity: 100,
      hunks: [],
    });
  });

  it("reads a rename with edits, numbering against the old and new names' contents", () => {
    const file = only("renameedit");
    expect(file).toMatchObject({ path: "moved.txt", oldPath: "orig.txt", status: "renamed", similarity: 92 });
    expect(rows(file)[3]).toBe('del 10 - "10"');
    expect(rows(file)[4]).toBe('add - 10 "ten"');
  });

  it("reads a copy and the edit to its source", () => {
    const [copy, source] = parse("copy");
    expect(copy).toMatchObject({ path: "copy.txt", oldPath: "src.txt", status: "copied", similarity: 89 });
    expect(rows(copy as FileDiff)).toContain('add - 3 "three"');
    expect(source).toMatchObject({ path: "src.txt", oldPath: null, status: "modified", similarity: null });
    expect(rows(source as FileDiff).at(-1)).toBe('add - 21 "21"');
  });

  it("reads a mode change alone, and a mode change with an edit", () => {
    expect(only("modeonly")).toMatchObject({
      path: "run.sh",
      status: "modified",
      oldMode: "100644",
      newMode: "100755",
      hunks: [],
    });
    const edited = only("modeedit");
    expect(edited).toMatchObject({ path: "run.sh", status: "modified", oldMode: "100644", newMode: "100755" });
    expect(rows(edited)).toEqual(['ctx 1 1 "#!/bin/sh"', 'del 2 - "echo a"', 'add - 2 "echo b"']);
  });

  it("reads a rename to a quoted path together with a mode change", () => {
    expect(only("mixrename")).toMatchObject({
      path: "x b/é.txt",
      oldPath: "b.txt",
      status: "renamed",
      oldMode: "100644",
      newMode: "100755",
      similarity: 100,
    });
  });
});

describe("parseGitDiff: binary files", () => {
  it("marks binary files added, deleted and modified, with no hunks", () => {
    expect(parse("binary").map((f) => [f.path, f.status, f.binary, f.hunks.length])).toEqual([
      ["add.bin", "added", true, 0],
      ["gone.bin", "deleted", true, 0],
      ["x.bin", "modified", true, 0],
    ]);
  });

  it("reads the added side from the Binary line when no mode line says so", () => {
    const text = ["diff --git a/p.png b/p.png", "Binary files /dev/null and b/p.png differ", ""].join("\n");
    expect(parseGitDiff(text)).toMatchObject([{ path: "p.png", status: "added", binary: true }]);
  });
});

describe("parseGitDiff: line endings", () => {
  it("marks the line that has no newline at the end, on the old side, the new side and both", () => {
    const [both, newSide, oldSide] = parse("nonewline");
    expect(rows(both as FileDiff)).toEqual(['ctx 1 1 "a"', 'del 2 - "b" nonl', 'add - 2 "c" nonl']);
    expect(rows(newSide as FileDiff)).toEqual(['ctx 1 1 "a"', 'del 2 - "b"', 'add - 2 "b" nonl']);
    expect(rows(oldSide as FileDiff)).toEqual(['ctx 1 1 "a"', 'del 2 - "b" nonl', 'add - 2 "b"']);
  });

  it("marks a context line that has no newline", () => {
    expect(rows(only("ctxnonl"))).toEqual(['del 1 - "a"', 'add - 1 "A"', 'ctx 2 2 "b"', 'ctx 3 3 "last" nonl']);
  });

  it("keeps the \\r of CRLF lines, so a CRLF to LF change shows as edited lines", () => {
    expect(rows(only("crlf"))).toEqual([
      'del 1 - "one\\r"',
      'add - 1 "one"',
      'ctx 2 2 "two\\r"',
      'del 3 - "three\\r"',
      'add - 3 "three"',
    ]);
    const crlf = only("crlfsection");
    expect(crlf.hunks[0]?.section).toBe("fn main()");
    expect(rows(crlf).slice(-2)).toEqual(['del 6 - "  e\\r"', 'add - 6 "  E\\r"']);
  });
});

describe("parseGitDiff: paths", () => {
  it("unquotes the paths git quotes: octal UTF-8, tab, double quote, backslash; spaces stay unquoted", () => {
    expect(parse("quoted").map((f) => f.path)).toEqual([
      "back\\slash.txt",
      "café.txt",
      'q"uote.txt',
      "tab\tname.txt",
      "with space.txt",
    ]);
  });

  it("reads a rename to a quoted path with a tab and UTF-8 in it", () => {
    expect(only("quotedrename")).toMatchObject({
      path: "new\té.txt",
      oldPath: "orig.txt",
      status: "renamed",
      similarity: 92,
    });
  });

  it("reads paths holding ' b/' and a path ending in a space", () => {
    const [nested, trailing, renamed] = parse("ambiguous");
    expect(nested).toMatchObject({ path: "dir a/x b/y.txt", status: "modified" });
    expect(trailing).toMatchObject({ path: "end ", status: "modified" });
    expect(renamed).toMatchObject({ path: "p b/c.txt", oldPath: "a b/c.txt", status: "renamed", hunks: [] });
    expect(only("ambigrename")).toMatchObject({
      path: "new/x b/y.txt",
      oldPath: "old b/x.txt",
      status: "renamed",
      similarity: 94,
    });
  });

  it("takes the name from the diff --git line when a section has only headers, even with ' b/' in it", () => {
    const text = ["diff --git a/x b/y b/x b/y", "old mode 100644", "new mode 100755", ""].join("\n");
    expect(parseGitDiff(text)).toMatchObject([{ path: "x b/y", oldPath: null, status: "modified", hunks: [] }]);
  });
});

describe("parseGitDiff: what is not a plain diff", () => {
  it("skips a combined (diff --cc) section and keeps the sections after it", () => {
    const files = parse("combined");
    expect(files.map((f) => f.path)).toEqual(["s.txt"]);
    expect(rows(files[0] as FileDiff)).toEqual(['del 1 - "t"', 'add - 1 "u"']);
  });

  it("returns nothing for empty or foreign input, and never throws", () => {
    expect(parseGitDiff("")).toEqual([]);
    expect(parseGitDiff("hello\nworld\n")).toEqual([]);
    expect(parseGitDiff("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n")).toEqual([]);
  });

  it("keeps what parsed when a hunk is cut short", () => {
    const text = [...git.modified.slice(0, 8), ...git.onelines].join("\n");
    const files = parseGitDiff(text);
    expect(files.map((f) => f.path)).toEqual(["m.txt", "one.txt", "sec.c"]);
    expect(rows(files[0] as FileDiff)).toEqual(['ctx 1 1 "1"', 'del 2 - "2"', 'add - 2 "two"']);
  });

  it("reads output without a final newline", () => {
    expect(rows(parseGitDiff(git.onelines.join("\n"))[1] as FileDiff)).toEqual([
      'ctx 1 1 "x"',
      'del 2 - "y"',
      'add - 2 "z"',
    ]);
  });
});

describe("parseGitDiff: any pair of files", () => {
  // Lines that look like diff syntax, CRLF and empty lines are the ones a parser trips on.
  const line = fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "-",
      "+",
      "\\ No newline at end of file",
      "--- a/f0",
      "+++ b/f0",
      "@@ -1 +1 @@",
      "diff --git a/x b/x",
      "x\r",
      "\r",
      "a",
      "b",
    ),
    fc.string({ maxLength: 6 }).map((s) => s.replace(/\n/g, "")),
  );
  const file = fc
    .record({ lines: fc.array(line, { maxLength: 12 }), finalNewline: fc.boolean() })
    .map((f) => f.lines.join("\n") + (f.finalNewline && f.lines.length > 0 ? "\n" : ""));
  /** The file's lines the way git counts them, and whether its last line ends in a newline. */
  const linesOf = (text: string) => {
    const lines = text === "" ? [] : text.split("\n");
    if (text.endsWith("\n")) lines.pop();
    return { lines, finalNewline: text === "" || text.endsWith("\n") };
  };

  it("numbers every line against both files, and its hunks turn the old file into the new", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(file, file), { minLength: 1, maxLength: 3 }), (pairs) => {
        // A git-shaped diff: jsdiff writes the same unified hunks git does; git's header goes on top.
        const diff = pairs
          .map(([before, after], k) => {
            const patch = createTwoFilesPatch(`a/f${k}`, `b/f${k}`, before, after, undefined, undefined, {
              context: 3,
            });
            return `diff --git a/f${k} b/f${k}\nindex 1111111..2222222 100644\n${patch.slice(patch.indexOf("\n") + 1)}`;
          })
          .join("");
        const files = parseGitDiff(diff);
        expect(files.map((f) => f.path)).toEqual(pairs.map((_, k) => `f${k}`));
        files.forEach((parsed, k) => {
          const [beforeText, afterText] = pairs[k] as [string, string];
          const before = linesOf(beforeText);
          const after = linesOf(afterText);
          const oldLines = before.lines;
          const newLines = after.lines;
          const rebuilt: string[] = [];
          let next = 1;
          for (const hunk of parsed.hunks) {
            const lines = hunk.lines;
            expect(lines.filter((l) => l.kind !== "add")).toHaveLength(hunk.oldLines);
            expect(lines.filter((l) => l.kind !== "del")).toHaveLength(hunk.newLines);
            const first = lines.find((l) => l.old !== null)?.old ?? hunk.oldStart + 1;
            while (next < first) rebuilt.push(oldLines[next++ - 1] as string);
            for (const l of lines) {
              if (l.old !== null) {
                expect(l.text).toBe(oldLines[l.old - 1]);
                next = l.old + 1;
              }
              if (l.new !== null) {
                expect(l.text).toBe(newLines[l.new - 1]);
                rebuilt.push(l.text);
              }
              if (l.noNewline) {
                const oldEnd = l.old === oldLines.length && !before.finalNewline;
                const newEnd = l.new === newLines.length && !after.finalNewline;
                expect(oldEnd || newEnd).toBe(true);
              }
            }
          }
          while (next <= oldLines.length) rebuilt.push(oldLines[next++ - 1] as string);
          expect(rebuilt).toEqual(newLines);
        });
      }),
      { numRuns: 300, seed: PROPERTY_SEED },
    );
  });
});
