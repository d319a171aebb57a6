import type { Message, Thread } from "../review/types.js";
import { describeAnchor, describePlace, lineRange } from "./describe-place.js";
import { fitBlock } from "./fit-block.js";
import { quoteBlock } from "./quote-block.js";
import { suggestionBlock } from "./suggestion-block.js";
import { utf8Length } from "./utf8-length.js";

/** The most UTF-8 bytes `renderThreadList` returns, whatever the input. */
export const THREAD_LIST_MAX_BYTES = 20_000;
/** Above this many threads over several files, the list is a summary per file. */
export const THREAD_LIST_DETAIL_LIMIT = 50;

export interface ThreadListOptions {
  /** What was asked for; only the wording of an empty list depends on it. Default `waiting`. */
  readonly status?: "waiting" | "all";
  /** The `file` the list was narrowed to, if any; echoed in the wording. */
  readonly file?: string;
  readonly maxBytes?: number;
}

type Listed = Pick<
  Thread,
  "id" | "file" | "side" | "start" | "end" | "round" | "quoted" | "anchor" | "status" | "awaiting" | "origin" | "resolvedBy" | "messages" | "createdAt"
>;

/**
 * The `review_list` output for a model: per thread its id, place now, anchor state, status, who said
 * what and the code as it was. Over 50 threads in several files it summarises by file instead, and it
 * never exceeds 20 KB: what does not fit is named by id with a note on how to narrow.
 * Drafts are left out even if passed: the agent never sees them.
 * @example renderThreadList(threads, { status: "waiting" })
 */
export function renderThreadList(threads: readonly Listed[], options: ThreadListOptions = {}): string {
  const maxBytes = options.maxBytes ?? THREAD_LIST_MAX_BYTES;
  const visible = threads.filter((t) => t.status !== "draft").sort(byPlace);
  if (visible.length === 0) return emptyList(options);
  const files = new Set(visible.map((t) => t.file));
  const text =
    visible.length > THREAD_LIST_DETAIL_LIMIT && files.size > 1
      ? summaryByFile(visible, files.size, maxBytes)
      : detailed(visible, maxBytes);
  // The parts are sized to fit; this only guards the promise against a mistake in that sizing.
  return fitBlock(text, maxBytes, "(output cut at the size limit)");
}

function emptyList(options: ThreadListOptions): string {
  const on = options.file ? ` on ${options.file}` : "";
  if (options.status === "all") return `There are no review threads${on}.`;
  return `Nothing is waiting for you: there are no open review threads${on}.`;
}

function detailed(threads: readonly Listed[], maxBytes: number): string {
  const header = countLine(threads, new Set(threads.map((t) => t.file)).size);
  const footer = threads.some(waitsForAgent)
    ? "For each thread that waits for you: fix the code, then answer with review_reply (its id and your text; resolved: true once your change addresses it)."
    : "";
  // Held back for the note that names what did not fit.
  const noteRoom = 1_200;
  let room = maxBytes - utf8Length(header) - utf8Length(footer) - noteRoom - 8;
  const shown: string[] = [];
  for (const thread of threads) {
    const block = threadBlock(thread);
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
  const note = rest.length > 0 ? omittedNote(rest, noteRoom) : "";
  return [header, ...shown, note, footer].filter((part) => part !== "").join("\n\n");
}

function omittedNote(rest: readonly Listed[], maxBytes: number): string {
  const intro = `${rest.length} more ${rest.length === 1 ? "thread is" : "threads are"} not shown, to keep this output short: `;
  const outro = ". Call review_list with file to read fewer at a time, or answer one by its id.";
  let room = maxBytes - utf8Length(intro) - utf8Length(outro) - 40;
  const ids: string[] = [];
  for (const thread of rest) {
    const cost = utf8Length(thread.id) + 2;
    if (cost > room) break;
    ids.push(thread.id);
    room -= cost;
  }
  const unnamed = rest.length - ids.length;
  const named = unnamed > 0 ? `${ids.join(", ")} and ${unnamed} more` : ids.join(", ");
  return `${intro}${named}${outro}`;
}

function summaryByFile(threads: readonly Listed[], fileCount: number, maxBytes: number): string {
  const header = `${countLine(threads, fileCount)} Too many to show at once: call review_list with file (a path, or its last segments such as a.ts) to read one file's threads.`;
  const perFile = new Map<string, Listed[]>();
  for (const thread of threads) {
    const inFile = perFile.get(thread.file);
    if (inFile) inFile.push(thread);
    else perFile.set(thread.file, [thread]);
  }
  let room = maxBytes - utf8Length(header) - 100;
  const lines: string[] = [];
  for (const [file, inFile] of perFile) {
    const line = `${file}: ${counts(inFile).join(", ")}`;
    const cost = utf8Length(line) + 1;
    if (cost > room) break;
    lines.push(line);
    room -= cost;
  }
  const rest = perFile.size - lines.length;
  if (rest > 0) lines.push(`and ${rest} more ${rest === 1 ? "file" : "files"}.`);
  return [header, lines.join("\n")].join("\n\n");
}

function countLine(threads: readonly Listed[], fileCount: number): string {
  const total = `${threads.length} ${threads.length === 1 ? "thread" : "threads"}`;
  const where = fileCount > 1 ? ` in ${fileCount} files` : "";
  const parts = counts(threads);
  const none = threads.some(waitsForAgent) ? "" : " None waits for you.";
  return `${total}${where}: ${parts.join(", ")}.${none}`;
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

function threadBlock(thread: Listed): string {
  const lines = [
    `## ${thread.id} · ${describePlace(thread)} · ${describeAnchor(thread)}`,
    `Status: ${statusWords(thread)}. Opened by ${thread.origin === "agent" ? "you" : "the reviewer"}.`,
  ];
  const quote = quoteBlock(thread.quoted);
  if (quote !== "") lines.push(`Code when commented (round ${thread.round.ordinal}):`, quote);
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

function messageLines(message: Message, thread: Listed): string {
  const who = message.author === "agent" ? "you" : "reviewer";
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
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  const la = a.anchor.start ?? a.start ?? 0;
  const lb = b.anchor.start ?? b.start ?? 0;
  if (la !== lb) return la - lb;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
