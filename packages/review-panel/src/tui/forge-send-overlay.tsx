/** @jsxImportSource @opentui/solid */
// The pull request's Send list in the terminal (`f`): the agent's replies on forge threads that wait for the
// person, each with its place, the forge comment it answers and whether it resolves the forge thread, under
// whose name they go; Enter asks, Enter or y then posts them; p pulls new forge comments now. The data and
// the actions are the shared forge slice (state/forge-queue.ts), the same the web panel's bar draws.
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { createEffect, createMemo, createSignal, For, on, onCleanup, Show } from "solid-js";
import type { Thread } from "../api.js";
import {
  answersLine,
  createForgeQueue,
  replyPlace,
  sendQuestion,
  type ForgeQueueSource,
} from "../state/conversation/forge-queue.js";
import { terminalSafe } from "./markdown-lines.js";
import { wrapWords } from "./wrap-words.js";

const FORGE_MODE = "opencode-review.forge";
/** A reply's words shown under its place, at most this many lines (the forge gets all of them). */
const BODY_LINES = 3;

export interface ForgeSendOverlayProps {
  readonly api: TuiPluginApi;
  readonly source: ForgeQueueSource;
  /** The review's threads: when they change (a reply queued, one sent by another process), the list is read again. */
  readonly threads: () => readonly Thread[];
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** Closes the overlay, with a line for the view's status line (what the last Send or Pull did). */
  readonly close: (said: string | null) => void;
}

type Line = {
  readonly text: string;
  readonly tone: "text" | "muted" | "accent" | "warning" | "error" | "success" | "link";
};

/**
 * The Send overlay over the diff; it holds the keys while open (its own mode) and gives them back when it goes.
 * @example <Show when={forgeOpen()}><ForgeSendOverlay api={api} source={backend} threads={model.threads} top={2} width={80} height={24} close={done} /></Show>
 */
export function ForgeSendOverlay(props: ForgeSendOverlayProps) {
  const theme = () => props.api.theme.current;
  const queue = createForgeQueue(props.source);
  const [scroll, setScroll] = createSignal(0);
  createEffect(on(props.threads, () => void queue.load()));

  const width = () => Math.max(30, Math.min(100, props.width - 4));
  const inner = () => width() - 2;
  const wrap = (text: string, tone: Line["tone"], indent = 0): Line[] =>
    wrapWords(terminalSafe(text), inner(), indent).map((t) => ({ text: t, tone }));

  const lines = createMemo((): readonly Line[] => {
    const status = queue.status();
    if (status === null)
      return wrap(queue.problem() ?? "Reading the pull request…", queue.problem() ? "error" : "muted");
    const out: Line[] = [];
    const pull = status.pull;
    if (pull === null) {
      out.push(
        ...wrap("No pull request pulled for this branch yet: p pulls it now (as opencode-review pr pull).", "muted"),
      );
    } else {
      out.push(...wrap(`${pull.repository} · ${pull.url}`, "link"));
      out.push(
        ...wrap(
          pull.login ? `Replies are posted as @${pull.login}.` : "Replies are posted under the token's account.",
          "muted",
        ),
      );
      const n = status.waiting.length;
      out.push(
        ...wrap(
          n === 0
            ? `Nothing waits to be posted (${status.posted} posted so far).`
            : `${n} repl${n === 1 ? "y waits" : "ies wait"} to be posted:`,
          "text",
        ),
      );
      for (const reply of status.waiting) {
        const resolves = reply.resolves ? " · resolves the forge thread" : "";
        out.push(...wrap(`• ${replyPlace(reply)} · ${answersLine(reply)}${resolves}`, "accent", 2));
        const body = reply.body.split("\n");
        for (const text of body.slice(0, BODY_LINES)) out.push(...wrap(`    ${text}`, "text", 4));
        if (body.length > BODY_LINES)
          out.push({ text: `    (+${body.length - BODY_LINES} more lines)`, tone: "muted" });
        if (reply.state === "failed")
          out.push(...wrap(`    refused last time: ${reply.error ?? "no reason given"}`, "error", 4));
      }
    }
    const note = queue.note();
    if (note) {
      out.push({ text: "", tone: "text" });
      out.push(...wrap(note.text, note.kind === "failed" ? "error" : "success"));
      if (note.kind === "sent")
        for (const s of note.sent) out.push(...wrap(`  ${s.place} → ${s.url ?? "(no link)"}`, "link", 4));
    }
    return out;
  });
  const footer = (): string => {
    if (queue.busy() === "send") return "Sending…";
    if (queue.busy() === "pull") return "Pulling…";
    const status = queue.status();
    if (queue.asking() && status) return `${sendQuestion(status)} Enter / y sends · Escape cancels`;
    const canSend = (status?.waiting.length ?? 0) > 0;
    return `${canSend ? "Enter sends (asks first) · " : ""}p pulls now · Escape closes`;
  };
  const footerLines = createMemo(() => wrapWords(footer(), inner()));
  const rows = () => Math.max(1, Math.min(lines().length, props.height - props.top - footerLines().length - 3));

  const close = () => props.close(queue.note()?.text ?? null);
  const enter = () => {
    if (queue.asking()) return void queue.send();
    queue.ask();
  };
  const pop = props.api.mode.push(FORGE_MODE);
  const off = props.api.keymap.registerLayer({
    mode: FORGE_MODE,
    bindings: [
      {
        key: "escape",
        cmd: () => (queue.asking() ? queue.cancel() : close()),
        desc: "Cancel the send, else close the list",
      },
      { key: "q", cmd: () => (queue.asking() ? queue.cancel() : close()), desc: "Close the list" },
      { key: "n", cmd: () => queue.cancel(), desc: "Do not send" },
      { key: "return", cmd: enter, desc: "Send the replies (asks first)" },
      { key: "s", cmd: () => void queue.ask(), desc: "Send the replies (asks first)" },
      { key: "y", cmd: () => void (queue.asking() && queue.send()), desc: "Yes, send them" },
      { key: "p", cmd: () => void queue.pull(), desc: "Pull new forge comments now" },
      ...["j", "down"].map((key) => ({
        key,
        cmd: () => void setScroll((t) => Math.min(t + 1, Math.max(0, lines().length - rows()))),
        desc: "Scroll the list",
      })),
      ...["k", "up"].map((key) => ({
        key,
        cmd: () => void setScroll((t) => Math.max(0, t - 1)),
        desc: "Scroll the list",
      })),
    ],
  });
  onCleanup(() => {
    off();
    pop();
  });

  const fg = (tone: Line["tone"]) => {
    const c = theme();
    return tone === "muted"
      ? c.textMuted
      : tone === "accent"
        ? c.accent
        : tone === "warning"
          ? c.warning
          : tone === "error"
            ? c.error
            : tone === "success"
              ? c.success
              : tone === "link"
                ? c.markdownLink
                : c.text;
  };
  const title = () => {
    const pull = queue.pullRequest();
    return pull ? `Pull request #${pull.number} · Send list · Escape closes` : "Pull request · Escape closes";
  };
  return (
    <box
      position="absolute"
      top={props.top}
      left={2}
      width={width()}
      height={rows() + footerLines().length + 2 + (lines().length > rows() ? 1 : 0)}
      border
      borderColor={theme().borderActive}
      backgroundColor={theme().backgroundPanel}
      flexDirection="column"
      title={title()}
    >
      <For each={lines().slice(scroll(), scroll() + rows())}>
        {(line) => (
          <text wrapMode="none" fg={fg(line.tone)}>
            {line.text}
          </text>
        )}
      </For>
      <Show when={lines().length > rows()}>
        <text wrapMode="none" fg={theme().textMuted}>
          j / k scroll this list
        </text>
      </Show>
      <For each={footerLines()}>
        {(line) => (
          <text wrapMode="none" fg={queue.asking() ? theme().warning : theme().textMuted}>
            {line}
          </text>
        )}
      </For>
    </box>
  );
}
