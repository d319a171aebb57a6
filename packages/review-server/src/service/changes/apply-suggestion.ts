import { ReviewError, type Message } from "@opencode-review/core";
import { readWorktreeBytes } from "../../git/index.js";
import { threadsByIds } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "../threads/thread-list-json.js";
import type { ChangeJson } from "./change-json.js";
import { byteLines, lineOffsets, spliceLines } from "./file-lines.js";
import { staleFile, writableMode, writeChange } from "./write-change.js";

/**
 * Writes a message's suggestion (default: the newest message with one) over a `new`-side line or range thread's
 * lines where they are now, only while its anchor is `current` or `moved`; otherwise 409 saying why. The
 * lines keep the file's line endings; the change can be restored like an undo.
 * @example const { change } = await applySuggestion(ctx, "t_…", {})
 */
export async function applySuggestion(
  ctx: ServiceContext,
  threadId: string,
  input: { readonly messageId?: string },
): Promise<{ readonly change: ChangeJson }> {
  const repo = await ctx.repository();
  const rows = (await threadsByIds(ctx.db, [threadId])).filter((r) => r.branch === repo.branchKey);
  if (rows.length === 0) throw new ReviewError("not_found", `No thread ${threadId} on ${repo.branchKey}.`);
  const [thread] = await threadsJson(ctx, repo, rows, "human");
  if (thread === undefined) throw new ReviewError("not_found", `No thread ${threadId} on ${repo.branchKey}.`);
  const message = pickMessage(thread.messages, input.messageId);
  if (thread.side !== "new" || thread.start === null) {
    throw new ReviewError(
      "conflict",
      thread.side !== "new"
        ? "That thread is on deleted lines (the old side): there is nothing there to write a suggestion over."
        : "That thread is on the whole file, not on lines: a suggestion applies only to a line or a range.",
    );
  }
  const { anchor } = thread;
  if ((anchor.state !== "current" && anchor.state !== "moved") || anchor.start === null || anchor.end === null) {
    throw new ReviewError(
      "conflict",
      anchor.state === "outdated"
        ? "The thread's lines are gone from the file: there is nothing to apply the suggestion to."
        : "The thread's lines were edited since the suggestion was written: read them as they are now and change them in your editor, or write a new suggestion.",
      { anchor: anchor.state },
    );
  }
  const path = anchor.file ?? thread.file;
  await writableMode(repo, path);
  const now = await readWorktreeBytes(repo, path);
  if (now === null) throw staleFile(path);
  const offsets = lineOffsets(now);
  const lines = byteLines(now, offsets);
  const first = anchor.start - 1;
  const count = anchor.end - anchor.start + 1;
  // The quote reads where the anchor says, or the file changed between the locate and this read.
  const quoted = thread.quoted.map((q) => q.slice(1));
  for (let i = 0; i < count; i++) {
    const raw = lines[first + i];
    const text = raw === undefined ? undefined : Buffer.from(raw, "latin1").toString("utf8").replace(/\n$/, "");
    if (text !== quoted[i]) throw staleFile(path);
  }
  const replaced = lines.slice(first, first + count);
  const eol = replaced[0]?.endsWith("\r\n") ? "\r\n" : "\n";
  const lastHasEnd = replaced[replaced.length - 1]?.endsWith("\n") ?? true;
  const suggestion = message.suggestion ?? [];
  const text = suggestion.map((line, i) => {
    const bare = line.replace(/\r$/, "");
    return i < suggestion.length - 1 || lastHasEnd ? `${bare}${eol}` : bare;
  });
  const written = Buffer.from(text.join(""), "utf8");
  const span = { start: first, lines: count };
  const change = await writeChange(ctx, repo, {
    kind: "apply",
    path,
    read: now,
    write: spliceLines(now, span, written, offsets),
    mode: 0o644,
    beforeSpan: span,
    afterSpan: { start: first, lines: suggestion.length },
    written,
    start: anchor.start,
    end: anchor.end,
  });
  return { change };
}

function pickMessage(messages: readonly Message[], id: string | undefined): Message {
  if (id !== undefined) {
    const message = messages.find((m) => m.id === id);
    if (message === undefined) throw new ReviewError("not_found", `No message ${id} on that thread.`);
    if (message.suggestion === null) throw new ReviewError("conflict", "That message has no suggestion to apply.");
    return message;
  }
  const newest = [...messages].reverse().find((m) => m.suggestion !== null);
  if (newest === undefined) throw new ReviewError("conflict", "No message on that thread has a suggestion to apply.");
  return newest;
}
