// A thread as terminal lines: its heading (place and where it stands), the quote, each message wrapped at
// words with who wrote it, suggestions and what the checked resolve made of a claim.
import { describePlace, renderClaim } from "@opencode-review/core";
import { findingOf, type Thread } from "../state/review-client.js";
import { replyCount } from "../state/conversation/threads.js";
import { markdownLines, terminalSafe, wrapLine, type MarkdownLine } from "./markdown-lines.js";
import { fit, fitPieces, type Piece, type ScreenLine, type Tone } from "./screen-text.js";
import { wrapWords } from "./wrap-words.js";

/**
 * Where a thread stands, in the words the person reads beside it: its status and whose turn, and what
 * happened to its code (moved from where, changed since, outdated).
 * `shownIn`: the file of the diff the thread is shown under (a renamed file's name now).
 * @example threadStatus(thread) // "waiting on you · moved from line 12"
 */
export function threadStatus(thread: Thread, shownIn?: string): string {
  const words: string[] = [];
  const finding = findingOf(thread);
  if (finding) words.push(`reviewer · ${finding.severity.toUpperCase()} · a accepts · X dismisses`);
  else if (thread.status === "draft") words.push("DRAFT");
  else if (thread.status === "resolved")
    words.push(`resolved${thread.resolvedBy ? ` by ${thread.resolvedBy === "human" ? "you" : "agent"}` : ""}`);
  else if (thread.awaiting === "human") words.push("waiting on you");
  else if (thread.awaiting === "agent") words.push("waiting on agent");
  else words.push("open");
  const a = thread.anchor;
  if (a.state === "moved") words.push(`moved from line ${thread.start ?? "?"} to ${a.start ?? "?"}`);
  if (a.state === "changed") words.push(a.whitespaceOnly ? "whitespace changed since" : "code changed since");
  if (a.state === "outdated") words.push("outdated");
  // Shown under another file than it was written on: that file was renamed since.
  if (shownIn !== undefined && shownIn !== thread.file) words.push(`renamed from ${thread.file}`);
  const replies = replyCount(thread);
  if (replies) words.push(replies);
  if (thread.unreadByHuman) words.push("● new");
  return words.join(" · ");
}

function bodyLines(body: string, bodies: Map<string, MarkdownLine[]> | undefined): MarkdownLine[] {
  const known = bodies?.get(body);
  if (known) return known;
  const lines = markdownLines(body);
  bodies?.set(body, lines);
  return lines;
}

/**
 * Who wrote a message, as the person reads it: a pull request's reviewer by their login (not "you": the
 * person did not write it), and an agent reply on a pull-request thread with whether it is on the forge yet.
 * @example speaker(thread, message) // "alice", "agent (queued for PR #7)", "you (draft)"
 */
function speaker(thread: Thread, message: Thread["messages"][number]): string {
  if (findingOf(thread)) return "reviewer";
  if (message.author === "agent") {
    const state = thread.forge === undefined ? undefined : message.forge?.state;
    return state === "queued"
      ? `agent (queued for PR #${thread.forge!.pr})`
      : state === "failed"
        ? `agent (not sent to PR #${thread.forge!.pr})`
        : "agent";
  }
  if (message.login !== undefined) return message.login;
  return message.delivery === "unsent" ? "you (draft)" : "you";
}

/**
 * The lines of one thread block, drawn under `bar`; `quote` adds the quoted lines (an outdated or whole-file thread).
 * @example threadLines(thread, 80, true, bodies, "src/a.ts")
 */
export function threadLines(
  thread: Thread,
  width: number,
  quote: boolean,
  bodies: Map<string, MarkdownLine[]> | undefined,
  shownIn: string,
): ScreenLine[] {
  const bar = "   ┃ ";
  const inner = width - bar.length;
  const tone: Tone =
    thread.status === "draft"
      ? "draft"
      : thread.status === "resolved"
        ? "muted"
        : thread.awaiting === "human"
          ? "warning"
          : "thread";
  // The heading wraps at words (a finding's keys come last in it), never cut at the edge.
  const lines: ScreenLine[] = wrapWords(
    terminalSafe(
      `${describePlace(thread, { for: "terminal", file: false, at: "written" })} · ${threadStatus(thread, shownIn)}`,
    ),
    inner,
    2,
  ).map((text) => ({
    pieces: [
      { text: bar, tone },
      { text, tone, bold: true },
    ],
  }));
  if (quote)
    for (const q of thread.quoted.slice(0, 6))
      lines.push({
        pieces: [
          { text: bar, tone },
          { text: fit(`> ${q}`, inner), tone: "muted" },
        ],
      });
  for (const message of thread.messages) {
    const who = speaker(thread, message);
    const labelled = (i: number): Piece => ({
      text: i === 0 ? `${who}: ` : " ".repeat(who.length + 2),
      tone: message.author === "agent" ? "agent" : message.delivery === "unsent" ? "draft" : "human",
      bold: i === 0,
    });
    // Long lines wrap at words, as a comment reads; the quote bars and list indents carry on.
    let n = 0;
    for (const body of bodyLines(message.body, bodies)) {
      for (const wrapped of wrapLine(body, inner - who.length - 2)) {
        // Wrapped rows fit by construction (and were cleaned with the body); only a very narrow screen needs the cut.
        const room = inner - who.length - 2;
        const fits = wrapped.reduce((w, p) => w + p.text.length, 0) <= room;
        lines.push({ pieces: [{ text: bar, tone }, labelled(n++), ...(fits ? wrapped : fitPieces(wrapped, room))] });
      }
    }
    for (const s of message.suggestion ?? [])
      lines.push({
        pieces: [
          { text: bar, tone },
          { text: fit(`  suggest + ${s}`, inner), tone: "add" },
        ],
      });
    // What the checked resolve made of the agent's claim, under its words, in the web panel's wording.
    if (message.claim) {
      const claimTone: Tone = message.claim.accepted ? "success" : "warning";
      for (const wrapped of wrapLine([{ text: renderClaim(message.claim), tone: "text" }], inner - who.length - 2)) {
        lines.push({
          pieces: [
            { text: bar, tone },
            { text: " ".repeat(who.length + 2), tone: "agent" },
            ...wrapped.map((p) => ({ ...p, tone: claimTone, italic: true })),
          ],
        });
      }
    }
  }
  return lines;
}
