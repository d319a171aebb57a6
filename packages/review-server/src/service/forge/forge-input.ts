import { pathTooLong, ReviewError } from "@opencode-review/core";
import { resolveWorktreePath, type Repository } from "../../git/index.js";
import type { ForgeComment, ForgeThread } from "../../forge/index.js";

/** The threads a pull may store, cleaned, and one line per thread it may not, saying why. */
export interface CheckedForgeThreads {
  readonly threads: readonly ForgeThread[];
  readonly skipped: readonly string[];
}

// C0 and C1 controls but tab and newline (ESC starts a terminal's escape sequences), and the bidi
// overrides and isolates that make text read otherwise than it is stored.
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * What a forge sent, made safe to store before anything reads it: anyone who can comment on the pull
 * request wrote it. A thread whose path is not a plain path of a file inside the work tree (absolute,
 * with `..`, a control character, into .git, or through a symlink out) is skipped with a reason;
 * repeated thread or comment ids keep their first; logins and bodies lose control characters and bidi
 * overrides (a terminal would run the escapes; the panels would show text reordered); a comment's time
 * that is no ISO date and time (a field the API may leave out) reads as `now`.
 * @example const { threads, skipped } = await checkForgeThreads(repo, await client.threads(7), ctx.now());
 */
export async function checkForgeThreads(
  repo: Pick<Repository, "workTree">,
  threads: readonly ForgeThread[],
  now: string,
): Promise<CheckedForgeThreads> {
  const out: ForgeThread[] = [];
  const skipped: string[] = [];
  const threadIds = new Set<string>();
  const commentIds = new Set<string>();
  for (const thread of threads) {
    if (threadIds.has(thread.id)) continue;
    threadIds.add(thread.id);
    const why = await pathProblem(repo, thread.path);
    if (why !== null) {
      skipped.push(
        `skipped the thread ${webUrl(thread.url) || JSON.stringify(cleanForgeText(thread.id))}: its path ${JSON.stringify(thread.path.slice(0, 200))} ${why}.`,
      );
      continue;
    }
    const comments: ForgeComment[] = [];
    for (const c of thread.comments) {
      if (commentIds.has(c.id)) continue;
      commentIds.add(c.id);
      comments.push({
        ...c,
        login: cleanLogin(c.login),
        body: cleanForgeText(boundedBody(c.body, webUrl(c.url))),
        url: webUrl(c.url),
        createdAt: isoTime(c.createdAt) ?? now,
      });
    }
    out.push({
      ...thread,
      url: webUrl(thread.url),
      side: thread.side === "old" ? "old" : "new",
      ...lines(thread),
      comments,
    });
  }
  return { threads: out, skipped };
}

/** Text from a forge without control characters (but tab and newline) or bidi overrides. */
export function cleanForgeText(text: string): string {
  return text.replace(UNSAFE_TEXT, "");
}

/** How much of a forge comment comes in as written: 64 KB of UTF-8 (GitHub's own limit is 65,536 characters). */
export const FORGE_BODY_BYTES = 64 * 1024;

/**
 * A forge comment as written up to 64 KB of UTF-8; past that, cut (at a whole character) with a note of its
 * full size and its link, so no single comment can make a pull or the store heavy.
 * @example boundedBody("x".repeat(70_000), "https://github.com/o/r/pull/7#discussion_r1").endsWith("#discussion_r1).") // true
 */
export function boundedBody(body: string, url: string): string {
  // A string of n UTF-16 units has at most 3n bytes of UTF-8: most bodies need no count at all.
  if (body.length * 3 <= FORGE_BODY_BYTES || Buffer.byteLength(body, "utf8") <= FORGE_BODY_BYTES) return body;
  const note = `\n\n… (cut here: the comment has ${Buffer.byteLength(body, "utf8").toLocaleString("en-US")} bytes; read it whole ${url === "" ? "on the forge" : `at ${url}`}.)`;
  const room = new Uint8Array(FORGE_BODY_BYTES - Buffer.byteLength(note, "utf8"));
  // encodeInto writes whole characters only: the cut never splits one.
  const { read } = new TextEncoder().encodeInto(body, room);
  return `${body.slice(0, read)}${note}`;
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;

function isoTime(text: string): string | null {
  return typeof text === "string" && ISO_TIME.test(text) && Number.isFinite(Date.parse(text)) ? text : null;
}

// A link the panels or a terminal may show: a web address without spaces or controls, else none.
function webUrl(url: string): string {
  return /^https?:\/\/[^\s\u0000-\u001f\u007f-\u009f]+$/i.test(url) ? url : "";
}

function cleanLogin(login: string): string {
  const clean = cleanForgeText(login).replace(/\s+/g, " ").trim().slice(0, 100);
  return clean === "" ? "ghost" : clean;
}

// A line number that is no positive whole number is no line: the thread is pinned to the whole file.
function lines(t: ForgeThread): Pick<ForgeThread, "originalStartLine" | "originalLine" | "startLine" | "line"> {
  const line = (n: number | null) => (n !== null && Number.isSafeInteger(n) && n > 0 ? n : null);
  return {
    originalStartLine: line(t.originalStartLine),
    originalLine: line(t.originalLine),
    startLine: line(t.startLine),
    line: line(t.line),
  };
}

async function pathProblem(repo: Pick<Repository, "workTree">, path: string): Promise<string | null> {
  if (typeof path !== "string" || path === "") return "is empty";
  if (CONTROL.test(path)) return "holds a control character";
  if (path.startsWith("/") || path.split("/").some((s) => s === "" || s === "." || s === ".."))
    return "is not a plain path from the repository's root";
  const tooLong = pathTooLong(path);
  if (tooLong !== null) return `is too long (${tooLong})`;
  try {
    if ((await resolveWorktreePath(repo, path)) !== path) return "names another file than it says";
  } catch (error) {
    // Its message starts with the path: what follows up to the first full stop says why.
    if (error instanceof ReviewError)
      return error.message.startsWith(path)
        ? error.message.slice(path.length + 1).split(". ")[0]!
        : "is outside the work tree";
    throw error;
  }
  return null;
}
