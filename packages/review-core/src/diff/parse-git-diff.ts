// Why a parser of our own rather than jsdiff 9's parsePatch (package "diff", already a dependency):
// tried against real git 2.39 output (the fixtures in parse-git-diff.test.ts), parsePatch
//  - trims the names on "---"/"+++" lines, so a path that ends in a space ("end ") comes back as "end";
//  - does not see "diff --cc" as the start of a section, so a combined diff turns into a bogus file entry;
//  - throws on a hunk whose counts do not add up, where we want every file that did parse;
//  - drops the similarity index and the section text after "@@", and moves a zero-length side's start
//    from git's 0 to 1, and leaves line numbering and "\ No newline" folding to the caller.
// Working around all of that took as much code as reading git's format directly, which is small and
// fully specified (git-diff(1), "GENERATING PATCH TEXT WITH -P"). Core stays pure: strings in, data out.

import type { DiffLine, FileDiff, FileStatus, Hunk } from "./types.js";
import { readQuotedGitPath, unquoteGitPath } from "./git-path.js";

/**
 * Parses `git diff` / `git diff-tree -p` output (default a/ b/ prefixes, -M/-C, no colour) into files.
 * @example parseGitDiff("diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n")[0]?.status // "modified"
 */
export function parseGitDiff(text: string): FileDiff[] {
  // Split on "\n" only: a "\r" belongs to the line's text, so CRLF changes stay visible.
  const lines = text.split("\n");
  // The final "\n" of the output leaves an empty element that is not a line of the diff.
  if (lines.at(-1) === "") lines.pop();
  const files: FileDiff[] = [];
  let i = 0;
  while (i < lines.length) {
    if ((lines[i] as string).startsWith("diff --git ")) {
      const section = parseSection(lines, i);
      if (section.file !== null) files.push(section.file);
      i = section.next;
    } else {
      // Combined diffs ("diff --cc", "diff --combined") and anything that is not a section are skipped.
      i += 1;
    }
  }
  return files;
}

interface SectionState {
  headerOld: string | null;
  headerNew: string | null;
  minusPath: string | null | undefined; // undefined: no "---" line; null: /dev/null
  plusPath: string | null | undefined;
  renameFrom: string | null;
  renameTo: string | null;
  copyFrom: string | null;
  copyTo: string | null;
  oldMode: string | null;
  newMode: string | null;
  indexMode: string | null;
  newFile: boolean;
  deletedFile: boolean;
  similarity: number | null;
  binary: boolean;
  binaryFromNull: boolean;
  binaryToNull: boolean;
}

function parseSection(lines: readonly string[], start: number): { file: FileDiff | null; next: number } {
  const header = parseDiffGitLine((lines[start] as string).slice("diff --git ".length));
  const s: SectionState = {
    headerOld: header === null ? null : stripPrefix(header.old, "a/"),
    headerNew: header === null ? null : stripPrefix(header.new, "b/"),
    minusPath: undefined,
    plusPath: undefined,
    renameFrom: null,
    renameTo: null,
    copyFrom: null,
    copyTo: null,
    oldMode: null,
    newMode: null,
    indexMode: null,
    newFile: false,
    deletedFile: false,
    similarity: null,
    binary: false,
    binaryFromNull: false,
    binaryToNull: false,
  };

  let i = start + 1;
  for (; i < lines.length; i += 1) {
    const line = lines[i] as string;
    if (line.startsWith("diff ") || line.startsWith("@@ ") || line.startsWith("--- ")) break;
    readExtendedHeader(line, s);
  }

  if (lines[i]?.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ")) {
    s.minusPath = readFileHeaderPath((lines[i] as string).slice(4), "a/");
    s.plusPath = readFileHeaderPath((lines[i + 1] as string).slice(4), "b/");
    i += 2;
  }

  const hunks: Hunk[] = [];
  while (i < lines.length && !(lines[i] as string).startsWith("diff ")) {
    const parsed = (lines[i] as string).startsWith("@@ ") ? parseHunk(lines, i) : null;
    if (parsed === null) {
      i += 1;
      continue;
    }
    hunks.push(parsed.hunk);
    i = parsed.next;
  }

  return { file: toFileDiff(s, hunks), next: i };
}

function readExtendedHeader(line: string, s: SectionState): void {
  const value = (prefix: string): string | null => (line.startsWith(prefix) ? line.slice(prefix.length) : null);
  let v: string | null;
  if ((v = value("old mode ")) !== null) s.oldMode = v;
  else if ((v = value("new mode ")) !== null) s.newMode = v;
  else if ((v = value("new file mode ")) !== null) {
    s.newFile = true;
    s.newMode = v;
  } else if ((v = value("deleted file mode ")) !== null) {
    s.deletedFile = true;
    s.oldMode = v;
  } else if ((v = value("similarity index ")) !== null) {
    const n = /^(\d+)%$/.exec(v);
    if (n) s.similarity = Number(n[1]);
  } else if ((v = value("rename from ")) !== null) s.renameFrom = unquoteGitPath(v);
  else if ((v = value("rename to ")) !== null) s.renameTo = unquoteGitPath(v);
  else if ((v = value("copy from ")) !== null) s.copyFrom = unquoteGitPath(v);
  else if ((v = value("copy to ")) !== null) s.copyTo = unquoteGitPath(v);
  else if ((v = value("index ")) !== null) {
    // "index abc..def 100644": the mode of both sides when it did not change.
    const mode = /^\S+ (\d+)$/.exec(v);
    if (mode) s.indexMode = mode[1] as string;
  } else if (line.startsWith("Binary files ") && line.endsWith(" differ")) {
    s.binary = true;
    s.binaryFromNull = line.startsWith("Binary files /dev/null and ");
    s.binaryToNull = line.endsWith(" and /dev/null differ");
  } else if (line === "GIT binary patch") {
    s.binary = true;
  }
}

function toFileDiff(s: SectionState, hunks: readonly Hunk[]): FileDiff | null {
  const isRename = s.renameFrom !== null || s.renameTo !== null;
  const isCopy = !isRename && (s.copyFrom !== null || s.copyTo !== null);
  const oldName = s.renameFrom ?? s.copyFrom ?? s.minusPath ?? s.headerOld;
  const newName = s.renameTo ?? s.copyTo ?? s.plusPath ?? s.headerNew;
  const status: FileStatus =
    s.newFile || s.minusPath === null || s.binaryFromNull
      ? "added"
      : s.deletedFile || s.plusPath === null || s.binaryToNull
        ? "deleted"
        : isRename
          ? "renamed"
          : isCopy
            ? "copied"
            : "modified";
  const path = status === "deleted" ? (oldName ?? newName) : (newName ?? oldName);
  if (path === null || path === "") return null;
  const keepsMode = status === "modified" || status === "renamed" || status === "copied";
  return {
    path,
    oldPath: status === "renamed" || status === "copied" ? oldName : null,
    status,
    binary: s.binary,
    oldMode: s.oldMode ?? (keepsMode ? s.indexMode : null),
    newMode: s.newMode ?? (keepsMode ? s.indexMode : null),
    similarity: isRename || isCopy ? s.similarity : null,
    hunks,
  };
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@([\s\S]*)$/;

function parseHunk(lines: readonly string[], start: number): { hunk: Hunk; next: number } | null {
  const m = HUNK_HEADER.exec(lines[start] as string);
  if (!m) return null;
  // Numbers stay as git printed them: a side with no lines has start 0 (new file) or the line before.
  const oldStart = Number(m[1]);
  const oldLines = m[2] === undefined ? 1 : Number(m[2]);
  const newStart = Number(m[3]);
  const newLines = m[4] === undefined ? 1 : Number(m[4]);
  // git puts one space before the section text; the text may end in the "\r" of a CRLF source line,
  // which is no part of what a reader should see in a header.
  const section = (m[5] as string).replace(/^ /, "").replace(/\r$/, "");

  const out: DiffLine[] = [];
  let oldLeft = oldLines;
  let newLeft = newLines;
  let oldNo = oldStart;
  let newNo = newStart;
  let i = start + 1;
  for (; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const marker = line[0];
    if (marker === "\\") {
      // "\ No newline at end of file" belongs to the line just before it.
      const last = out.at(-1);
      if (last !== undefined) out[out.length - 1] = { ...last, noNewline: true };
      continue;
    }
    if (oldLeft === 0 && newLeft === 0) break;
    if (marker === " " || line === "") {
      // An empty line stands for an empty context line whose space was stripped on the way (as patch(1) allows).
      if (oldLeft === 0 || newLeft === 0) break;
      out.push({ kind: "ctx", old: oldNo++, new: newNo++, text: line.slice(1) });
      oldLeft -= 1;
      newLeft -= 1;
    } else if (marker === "-" && oldLeft > 0) {
      out.push({ kind: "del", old: oldNo++, new: null, text: line.slice(1) });
      oldLeft -= 1;
    } else if (marker === "+" && newLeft > 0) {
      out.push({ kind: "add", old: null, new: newNo++, text: line.slice(1) });
      newLeft -= 1;
    } else {
      // Not a line this hunk can hold: the hunk is cut short here, and what was read is kept.
      break;
    }
  }
  const hunk: Hunk =
    section === ""
      ? { oldStart, oldLines, newStart, newLines, lines: out }
      : { oldStart, oldLines, newStart, newLines, section, lines: out };
  return { hunk, next: i };
}

/** The two paths of a "diff --git" line, prefixes still on; null when the line cannot be read. */
function parseDiffGitLine(rest: string): { old: string; new: string } | null {
  if (rest.startsWith('"')) {
    const first = readQuotedGitPath(rest, 0);
    if (first === null) return null;
    const after = rest.slice(first.length + 1);
    const second = after.startsWith('"') ? readQuotedGitPath(after, 0)?.path : after;
    return second === undefined ? null : { old: first.path, new: second };
  }
  // An unquoted path never holds a double quote, so ` "` is where a quoted second path begins.
  const quoteAt = rest.indexOf(' "');
  if (quoteAt >= 0) {
    const second = readQuotedGitPath(rest, quoteAt + 1);
    return second === null ? null : { old: rest.slice(0, quoteAt), new: second.path };
  }
  // Both unquoted. When the names are the same (the only case without rename or copy headers to
  // settle it), the line is "a/P b/P": split in the middle, which is right even when P holds " b/".
  if ((rest.length - 1) % 2 === 0) {
    const half = (rest.length - 1) / 2;
    const left = rest.slice(0, half);
    const right = rest.slice(half + 1);
    if (rest[half] === " " && left.startsWith("a/") && right.startsWith("b/") && left.slice(2) === right.slice(2)) {
      return { old: left, new: right };
    }
  }
  const split = rest.indexOf(" b/");
  return split < 0 ? null : { old: rest.slice(0, split), new: rest.slice(split + 1) };
}

/** The path on a "---" or "+++" line: null for /dev/null. */
function readFileHeaderPath(raw: string, prefix: string): string | null {
  let path: string;
  if (raw.startsWith('"')) {
    path = readQuotedGitPath(raw, 0)?.path ?? raw;
  } else {
    // git ends the line with a tab when the name has a space in it; the name itself is not trimmed,
    // since a trailing space can be part of it.
    path = raw.endsWith("\t") ? raw.slice(0, -1) : raw;
  }
  return path === "/dev/null" ? null : stripPrefix(path, prefix);
}

function stripPrefix(path: string, prefix: string): string {
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
