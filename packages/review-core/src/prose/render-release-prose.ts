import type { Message, Thread } from "../review/types.js";
import { pathNow } from "../review/path-now.js";
import { describePlace, lineRange, renamedNote, type Placed } from "./describe-place.js";
import { listFiles } from "./file-list.js";
import { quoteBlock } from "./quote-block.js";
import { suggestionBlock } from "./suggestion-block.js";

type Released = Placed & Pick<Thread, "quoted" | "messages">;

export interface ReleaseProseOptions {
  /**
   * The messages this release sent. Messages of the same threads not in it are shown apart, as
   * earlier conversation. Absent: every message counts as part of the release.
   */
  readonly releasedMessageIds?: readonly string[];
}

/**
 * The whole review as prose, for an agent without the review tools: each thread's file, lines, the
 * code as it was, suggestion and words, ending with a request to answer in its reply. It names no
 * tool, since the agent has none to call.
 * @example renderReleaseProse(releasedThreads, { releasedMessageIds: ["m1", "m2"] })
 */
export function renderReleaseProse(threads: readonly Released[], options: ReleaseProseOptions = {}): string {
  const released = options.releasedMessageIds ? new Set(options.releasedMessageIds) : null;
  const count = released ? released.size : threads.length;
  const files = listFiles(threads.map(pathNow));
  const intro = `Code review: the reviewer has finished reviewing your changes and left ${count} ${count === 1 ? "comment" : "comments"} on ${files}.`;
  const sections = threads.map((thread, index) => section(thread, index + 1, released));
  const outro =
    threads.length === 1
      ? "Please address the comment: change the code where you agree. Then answer in your reply: what you changed, or why you left it as it is."
      : "Please address each comment: change the code where you agree. Then answer in your reply, numbered as above: for each comment, what you changed, or why you left it as it is.";
  return [intro, ...sections, outro].join("\n\n");
}

function section(thread: Released, number: number, released: ReadonlySet<string> | null): string {
  const lines = [`### ${number}. ${place(thread)}`];
  const quote = quoteBlock(thread.quoted);
  if (quote !== "") lines.push("The code as it was:", quote);
  const said = thread.messages.filter((m) => m.delivery !== "unsent" || released?.has(m.id));
  const earlier = released ? said.filter((m) => !released.has(m.id)) : [];
  const now = released ? said.filter((m) => released.has(m.id)) : said;
  if (earlier.length > 0) {
    lines.push("Earlier in this thread:", ...earlier.map((m) => words(m, thread)));
    lines.push("New:");
  }
  lines.push(...now.map((m) => words(m, thread)));
  return lines.join("\n");
}

function place(thread: Released): string {
  const file = `${pathNow(thread)}${renamedNote(thread)}`;
  const lines = describePlace(thread, { file: false });
  const moved =
    thread.side === "new" && thread.start !== null && thread.end !== null && thread.anchor.state === "moved"
      ? ` (moved here from ${lineRange(thread.start, thread.end)})`
      : "";
  return `${file}, ${lines}${moved}${gone(thread)}`;
}

function gone(thread: Released): string {
  switch (thread.anchor.state) {
    case "changed":
      return thread.anchor.whitespaceOnly
        ? " (since changed, in whitespace only)"
        : " (these lines have changed since)";
    case "outdated":
      return thread.start === null ? " (the file is gone now)" : " (these lines are gone now)";
    default:
      return "";
  }
}

function words(message: Message, thread: Released): string {
  const who = message.author === "agent" ? "You" : "Reviewer";
  const text = `${who}: ${message.body.split("\n").join("\n  ")}`;
  if (message.suggestion === null) return text;
  const what = thread.start === null || thread.end === null ? "the whole file" : "the quoted lines";
  return `${text}\n${suggestionBlock(message.suggestion, what)}`;
}
