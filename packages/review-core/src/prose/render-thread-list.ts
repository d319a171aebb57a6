import { pathNow } from "../review/path-now.js";
import type { Message, Thread } from "../review/types.js";
import { describeAnchor, describePlace, lineRange } from "./describe-place.js";
import { fitBlock } from "./fit-block.js";
import { fence } from "./fence.js";
import { quoteBlock, SHOWN_LINES_LIMIT } from "./quote-block.js";
import { shortenLine } from "./shorten-line.js";
import { suggestionBlock } from "./suggestion-block.js";
import { utf8Length } from "./utf8-length.js";

/** The most UTF-8 bytes `renderThreadList` returns, whatever the input. */
export const THREAD_LIST_MAX_BYTES = 20_000;

export interface ThreadListOptions {
  /** What was asked for; only the wording of an empty list depends on it. Default `waiting`. */
  readonly status?: "waiting" | "all";
  /** The `file` the list was narrowed to, if any; echoed in the wording. */
  readonly file?: string;
  readonly maxBytes?: number;
  /**
   * The cursor that reads the threads after this page, named in the line that says how many remain.
   * Without it that line says to narrow by file instead (a caller that does not page).
   */
  readonly next?: string;
  /** How many threads earlier pages showed; 0 (the default) for the first page. */
  readonly earlier?: number;
  /** For threads whose lines changed, by id: the lines at their place now, shown under the quote. */
  readonly linesNow?: ReadonlyMap<string, readonly string[]>;
}

type Listed = Pick<
  Thread,
  | "id"
  | "file"
  | "side"
  | "start"
  | "end"
  | "round"
  | "quoted"
  | "anchor"
  | "status"
  | "awaiting"
  | "origin"
  | "resolvedBy"
  | "messages"
  | "createdAt"
> &
  Partial<Pick<Thread, "forge">>;

/** One page of the list: its text, and how many of the threads (in `threadPageOrder`) it shows. */
export interface ThreadPage {
  readonly output: string;
  readonly shown: number;
}

/**
 * One page of the `review_list` output for a model: as many whole threads as fit 20 KB, in
 * `threadPageOrder`, each with its id, place now, anchor state, status, who said what and the code as
 * it was; then one line with how many remain and the cursor that reads them. A thread too long to fit
 * a page on its own is shown cut short rather than not at all. Drafts are left out even if passed.
 * @example const { output, shown } = renderThreadPage(unread, { next: "c2_x1" }); // shown: threads on this page
 */
export function renderThreadPage(threads: readonly Listed[], options: ThreadListOptions = {}): ThreadPage {
  const maxBytes = options.maxBytes ?? THREAD_LIST_MAX_BYTES;
  const visible = threads.filter((t) => t.status !== "draft").sort(threadPageOrder);
  if (visible.length === 0) return { output: emptyList(options), shown: 0 };
  const { text, shown } = page(visible, options, maxBytes);
  // The parts are sized to fit; this only guards the promise against a mistake in that sizing.
  return { output: fitBlock(text, maxBytes, "(output cut at the size limit)"), shown };
}

/**
 * The first page of the `review_list` output (see renderThreadPage).
 * @example renderThreadList(threads, { status: "waiting" })
 */
export function renderThreadList(threads: readonly Listed[], options: ThreadListOptions = {}): string {
  return renderThreadPage(threads, options).output;
}

/**
 * The order pages read threads in: those waiting on the agent first, then the other open ones, then
 * resolved ones; within each by file, line now, and age.
 * @example threads.sort(threadPageOrder)
 */
export function threadPageOrder(a: Listed, b: Listed): number {
  const group = groupOf(a) - groupOf(b);
  return group !== 0 ? group : byPlace(a, b);
}

function groupOf(thread: Listed): number {
  if (waitsForAgent(thread)) return 0;
  return thread.status === "resolved" ? 2 : 1;
}

function emptyList(options: ThreadListOptions): string {
  const on = options.file ? ` on ${options.file}` : "";
  if ((options.earlier ?? 0) > 0) return `No more review threads${on}: you have read them all.`;
  if (options.status === "all") return `There are no review threads${on}.`;
  return `Nothing is waiting for you: there are no open review threads${on}.`;
}

function page(
  threads: readonly Listed[],
  options: ThreadListOptions,
  maxBytes: number,
): { text: string; shown: number } {
  const header = countLine(threads, new Set(threads.map(pathNow)).size, options.earlier ?? 0);
  const footer = threads.some(waitsForAgent)
    ? "For each thread that waits for you: fix the code, then answer with review_reply (its id and your text; resolved: true once your change addresses it)."
    : "";
  // Room for the line on what remains, as long as it can be (every thread but one left).
  const noteRoom = utf8Length(remainingLine(threads.slice(1), options.next)) + 2;
  let room = maxBytes - utf8Length(header) - utf8Length(footer) - noteRoom - 4;
  const shown: string[] = [];
  for (const thread of threads) {
    const block = threadBlock(thread, options.linesNow?.get(thread.id));
    const cost = utf8Length(block) + 2;
    if (cost <= room) {
      shown.push(block);
      room -= cost;
      continue;
    }
    if (shown.length === 0) {
      // One thread too long on its own: show its start rather than nothing.
      shown.push(fitBlock(block, room, `(thread ${thread.id} cut short: it is too long to show whole)`));
      room = 0;
    }
    break;
  }
  const rest = threads.slice(shown.length);
  const note = rest.length > 0 ? remainingLine(rest, options.next) : "";
  return { text: [header, ...shown, note, footer].filter((part) => part !== "").join("\n\n"), shown: shown.length };
}

/** How many threads the next pages hold, and how to read them. */
function remainingLine(rest: readonly Listed[], next: string | undefined): string {
  const waiting = rest.filter(waitsForAgent).length;
  const count = `${rest.length} more ${rest.length === 1 ? "thread" : "threads"}${waiting > 0 ? ` (${waiting} waiting for you)` : ""}`;
  if (next === undefined)
    return `${count} not shown, to keep this output short: call review_list with file to read fewer at a time.`;
  return `${count} on the next pages: call review_list with cursor "${next}" (and the same file and status) to read the next page.`;
}

function countLine(threads: readonly Listed[], fileCount: number, earlier: number): string {
  const total = `${threads.length} ${threads.length === 1 ? "thread" : "threads"}`;
  const where = fileCount > 1 ? ` in ${fileCount} files` : "";
  const after = earlier > 0 ? ` after the ${earlier} already shown` : "";
  const parts = counts(threads);
  const none = threads.some(waitsForAgent) ? "" : " None waits for you.";
  return `${total}${where}${after}: ${parts.join(", ")}.${none}`;
}

function counts(threads: readonly Listed[]): string[] {
  const agent = threads.filter(waitsForAgent).length;
  const human = threads.filter((t) => t.status === "open" && t.awaiting !== "agent").length;
  const resolved = threads.filter((t) => t.status === "resolved").length;
  const parts: string[] = [];
  if (agent > 0) parts.push(`${agent} waiting for you`);
  if (human > 0) parts.push(`${human} waiting on the reviewer`);
  if (resolved > 0) parts.push(`${resolved} resolved`);
  return parts;
}

function threadBlock(thread: Listed, now: readonly string[] | undefined): string {
  const lines = [
    `## ${thread.id} · ${describePlace(thread)} · ${describeAnchor(thread)}`,
    `Status: ${statusWords(thread)}. Opened by ${opener(thread)}.`,
  ];
  const quote = quoteBlock(thread.quoted);
  if (quote !== "") lines.push(`Code when commented (round ${thread.round.ordinal}):`, quote);
  if (now !== undefined && now.length > 0 && thread.anchor.state === "changed" && thread.anchor.start !== null) {
    const shown = now.slice(0, SHOWN_LINES_LIMIT).map((line) => shortenLine(line));
    const range = lineRange(thread.anchor.start, thread.anchor.start + now.length - 1);
    lines.push(`${now.length === 1 ? "Line" : "Lines"} ${range} now:`, fence(shown));
    if (shown.length < now.length) lines.push(`(${shown.length} of ${now.length} lines shown)`);
  }
  for (const message of thread.messages) {
    if (message.delivery === "unsent") continue;
    lines.push(messageLines(message, thread));
  }
  return lines.join("\n");
}

function statusWords(thread: Listed): string {
  if (thread.status === "resolved") return `resolved by ${thread.resolvedBy === "agent" ? "you" : "the reviewer"}`;
  if (thread.awaiting === "agent") return "open, waiting for you";
  if (thread.awaiting === "human") return "open, waiting on the reviewer";
  return "open";
}

// A pull request's people are named as the forge shows them, so the agent can tell reviewers apart.
function opener(thread: Listed): string {
  if (thread.origin === "agent") return "you";
  const first = thread.messages[0];
  if (thread.forge !== undefined && first?.login !== undefined) return `${first.login} on PR #${thread.forge.pr}`;
  return "the reviewer";
}

function speaker(message: Message, thread: Listed): string {
  if (thread.forge === undefined) return message.author === "agent" ? "you" : "reviewer";
  if (message.author === "agent") {
    const state = message.forge?.state;
    return state === "posted"
      ? `you on PR #${thread.forge.pr}`
      : `you (${state === "failed" ? "not sent" : state === "sending" ? "being sent" : "queued"} for PR #${thread.forge.pr})`;
  }
  return `${message.login ?? "reviewer"} on PR #${thread.forge.pr}`;
}

function messageLines(message: Message, thread: Listed): string {
  const who = speaker(message, thread);
  // Continuation lines are indented so a multi-line body stays visibly one message.
  const body = message.body.split("\n").join("\n  ");
  const text = `${who}: ${body}`;
  if (message.suggestion === null) return text;
  return `${text}\n${suggestionBlock(message.suggestion, replacedLines(thread))}`;
}

function replacedLines(thread: Listed): string {
  if (thread.start === null || thread.end === null) return "the whole file";
  return `the quoted lines (${lineRange(thread.start, thread.end)} when commented)`;
}

function waitsForAgent(thread: Listed): boolean {
  return thread.status === "open" && thread.awaiting === "agent";
}

function byPlace(a: Listed, b: Listed): number {
  const fa = pathNow(a);
  const fb = pathNow(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  const la = a.anchor.start ?? a.start ?? 0;
  const lb = b.anchor.start ?? b.start ?? 0;
  if (la !== lb) return la - lb;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
