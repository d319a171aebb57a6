import { describePlace, renderClaim } from "@opencode-review/core";
import { createSignal, For, onMount, Show } from "solid-js";
import { findingOf, type Thread } from "../api.js";
import { renamedFromIn } from "../state/diff/diff-rows.js";
import { useFocus } from "../state/navigation/focus.js";
import { useRounds } from "../state/diff/rounds.js";
import { useThreads } from "../state/conversation/threads.js";
import { useUnsentText } from "../state/conversation/unsent-text.js";
import { Composer } from "./composer.js";
import { MarkdownBody } from "./markdown-body.js";
import { SuggestionDiff } from "./suggestion-diff.js";
import { useChangesIfAny } from "../state/diff/changes.js";
import "./thread-card.css";

type Message = Thread["messages"][number];

/** The range's lines as quoted, without their diff markers: what a suggestion replaces. */
function quotedText(thread: Thread): string[] {
  return thread.quoted.map((q) => q.slice(1));
}

/**
 * Where the thread sits and what happened to its code since it was written, in words.
 * @example anchorNote(thread) // "Moved from lines 4–6"
 */
export function anchorNote(thread: Thread): string | null {
  const { anchor } = thread;
  if (anchor.state === "moved")
    return `Moved from ${describePlace(thread, { for: "web", file: false, at: "written" })} (round ${thread.round.ordinal})`;
  if (anchor.state === "changed")
    return anchor.whitespaceOnly ? "Whitespace changed since the comment" : "Code changed since the comment";
  if (anchor.state === "outdated") return "Outdated: these lines are gone";
  return null;
}

/** One conversation: its state, its messages (drafts editable), and reply, resolve, reopen. */
export function ThreadCard(props: { readonly thread: Thread; readonly showQuote?: boolean }) {
  const threads = useThreads();
  const focus = useFocus();
  const rounds = useRounds();
  const triaged = () => ["resolved", "dismissed"].includes(props.thread.status);
  const [open, setOpen] = createSignal(!triaged() || props.thread.unreadByHuman);
  const unsent = useUnsentText();
  // A draft message whose edit was left unsaved (before a reload) opens in its editor again.
  const [editing, setEditing] = createSignal<string | null>(
    props.thread.messages.find(
      (m) => m.delivery === "unsent" && unsent?.get({ kind: "edit", threadId: props.thread.id, messageId: m.id }),
    )?.id ?? null,
  );
  const fresh = threads.newThisVisit(props.thread);

  const markSeen = () => {
    if (props.thread.unreadByHuman) void threads.seen(props.thread.id);
  };
  onMount(() => {
    if (open()) markSeen();
  });

  const t = () => props.thread;
  const changes = useChangesIfAny();
  // A suggestion is written only over new-side lines that still read as quoted (here or moved).
  const applicable = () =>
    t().side === "new" && t().start !== null && (t().anchor.state === "current" || t().anchor.state === "moved");
  // A reviewer agent's finding: its own status (open, accepted, dismissed, resolved) and triage actions.
  const finding = () => findingOf(t());
  const waitingOnYou = () => t().status === "open" && t().awaiting === "human";
  const agentNote = () => t().origin === "agent" && waitingOnYou() && t().messages.every((m) => m.author === "agent");
  const range = () => {
    // An outdated thread has no place now; say where it was written. A diff that ends at the thread's own
    // round shows it at the lines it was written on.
    const outdated = t().anchor.state === "outdated" && t().start !== null;
    const words = describePlace(t(), {
      for: "web",
      file: false,
      at: outdated || rounds.range().to === t().round.id ? "written" : "now",
    });
    return outdated
      ? `Was ${words} in round ${t().round.ordinal}`
      : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  };

  const MessageView = (m: { message: Message }) => (
    <div data-component="message" data-author={m.message.author} data-delivery={m.message.delivery}>
      <Show
        when={editing() !== m.message.id}
        fallback={
          <Composer
            initialBody={m.message.body}
            initialSuggestion={m.message.suggestion}
            suggestionBase={quotedText(t())}
            place={{ kind: "edit", threadId: t().id, messageId: m.message.id }}
            submitLabel="Save draft"
            onCancel={() => setEditing(null)}
            onSubmit={async (body, suggestion) => {
              const ok = await threads.edit(m.message.id, { body, suggestion });
              if (ok) setEditing(null);
              return ok;
            }}
          />
        }
      >
        <div data-slot="meta">
          <span data-slot="author">
            {m.message.author === "human" ? (m.message.login ?? "You") : finding() ? "Reviewer" : "Agent"}
          </span>
          <time dateTime={m.message.createdAt}>{new Date(m.message.createdAt).toLocaleString()}</time>
          <Show when={m.message.author === "human"}>
            <span data-slot="badge" data-tone={m.message.delivery === "unsent" ? "draft" : "muted"}>
              {deliveryBadge(t(), m.message)}
            </span>
          </Show>
          <Show when={m.message.claim}>
            {(claim) => (
              <span data-slot="claim" data-accepted={String(claim().accepted)}>
                {renderClaim(claim())}
              </span>
            )}
          </Show>
          <Show when={m.message.delivery === "unsent" && m.message.author === "human"}>
            <span data-slot="tools">
              <button type="button" data-slot="action edit" onClick={() => setEditing(m.message.id)}>
                Edit
              </button>
              <button
                type="button"
                data-slot="action delete"
                data-variant="danger"
                onClick={() => void threads.deleteMessage(t(), m.message.id)}
              >
                Delete
              </button>
            </span>
          </Show>
        </div>
        <MarkdownBody body={m.message.body} />
        <Show when={m.message.suggestion}>{(s) => <SuggestionDiff before={quotedText(t())} after={s()} />}</Show>
        <Show when={m.message.suggestion && changes?.canChange() && applicable()}>
          <button
            type="button"
            data-slot="action apply-suggestion"
            title="Write this suggestion over the thread's lines where they are now (restorable from the change list)"
            disabled={changes?.busy()}
            onClick={() => void changes?.apply(t().id, m.message.id)}
          >
            Apply suggestion
          </button>
        </Show>
      </Show>
    </div>
  );

  return (
    <article
      data-component="thread"
      data-thread-id={t().id}
      data-status={t().status}
      data-anchor={t().anchor.state}
      data-open={open() ? "true" : "false"}
      data-focused={focus.thread() === t().id ? "true" : "false"}
    >
      <header
        data-slot="head"
        onClick={() => {
          const next = !open();
          setOpen(next);
          focus.setThread(t().id);
          if (next) markSeen();
        }}
      >
        <span data-slot="where">{range()}</span>
        <Show when={finding()}>
          {(f) => (
            <>
              <span data-slot="badge" data-tone="reviewer">
                Reviewer
              </span>
              <span data-slot="badge" data-severity={f().severity}>
                {f().severity}
              </span>
              <Show when={f().status === "accepted"}>
                <span data-slot="badge" data-tone="draft">
                  Accepted: in your review
                </span>
              </Show>
              <Show when={f().status === "dismissed"}>
                <span data-slot="badge" data-tone="muted">
                  Dismissed
                </span>
              </Show>
            </>
          )}
        </Show>
        <Show when={t().status === "draft"}>
          <span data-slot="badge" data-tone="draft">
            Draft
          </span>
        </Show>
        <Show when={agentNote()}>
          <span data-slot="badge" data-tone="warn">
            Agent note
          </span>
        </Show>
        <Show when={t().status === "open"}>
          <span data-slot="badge" data-tone={waitingOnYou() ? "warn" : "muted"}>
            {waitingOnYou() ? "Waiting on you" : t().awaiting === "agent" ? "Waiting on agent" : "Open"}
          </span>
        </Show>
        <Show when={t().status === "resolved"}>
          <span data-slot="badge" data-tone="ok">
            Resolved{t().resolvedBy === "agent" ? " by agent" : ""}
          </span>
        </Show>
        <Show when={threads.replyCount(t())}>
          {(count) => (
            <span data-slot="badge" data-tone="muted" data-replies>
              {count()}
            </span>
          )}
        </Show>
        <Show when={t().unreadByHuman || fresh}>
          <span data-slot="badge" data-tone="unread">
            New reply
          </span>
        </Show>
        <Show when={renamedFromIn(t(), rounds.range())}>
          {(from) => (
            <span data-slot="badge" data-tone="muted" data-renamed-from>
              Renamed from {from()}
            </span>
          )}
        </Show>
        <Show when={t().anchor.state !== "current" && t().anchor.state !== "outdated" && anchorNote(t())}>
          {(note) => (
            <span data-slot="badge" data-tone="muted" data-anchor-note>
              {note()}
            </span>
          )}
        </Show>
      </header>
      <Show when={open()}>
        <Show when={props.showQuote && t().quoted.length > 0}>
          <div data-slot="quote">
            <For each={t().quoted}>{(q) => <div data-kind={q[0]}>{q}</div>}</For>
          </div>
        </Show>
        <div data-slot="messages">
          <For each={t().messages}>{(message) => <MessageView message={message} />}</For>
        </div>
        <Show
          when={focus.replyTo() === t().id}
          fallback={
            <div data-slot="actions">
              <Show when={finding()}>
                {(f) => (
                  <>
                    <Show when={f().status === "open"}>
                      <button
                        type="button"
                        data-slot="action accept"
                        data-variant="primary"
                        onClick={() => void threads.accept(f().id)}
                      >
                        Accept
                      </button>
                      <button type="button" data-slot="action dismiss" onClick={() => void threads.dismiss(f().id)}>
                        Dismiss
                      </button>
                    </Show>
                    <Show when={f().status === "accepted"}>
                      <button type="button" data-slot="action resolve" onClick={() => void threads.resolve(f().id)}>
                        Resolve
                      </button>
                    </Show>
                    <Show when={f().status !== "open"}>
                      <button
                        type="button"
                        data-slot="action reopen"
                        onClick={() => void threads.reopenFinding(f().id)}
                      >
                        Reopen
                      </button>
                    </Show>
                  </>
                )}
              </Show>
              <Show when={!finding() || finding()!.status === "open"}>
                <button
                  type="button"
                  data-slot="action reply"
                  onClick={() => (focus.setThread(t().id), focus.setReplyTo(t().id))}
                >
                  {finding() ? "Reply (accept in your words)" : "Reply"}
                </button>
              </Show>
              <Show when={t().status === "open"}>
                <button type="button" data-slot="action resolve" onClick={() => void threads.resolve(t().id)}>
                  Resolve
                </button>
              </Show>
              <Show when={t().status === "resolved"}>
                <button type="button" data-slot="action reopen" onClick={() => void threads.reopen(t().id)}>
                  Reopen
                </button>
              </Show>
            </div>
          }
        >
          <Composer
            place={{ kind: "reply", threadId: t().id }}
            submitLabel="Add reply"
            suggestionBase={t().start === null ? null : quotedText(t())}
            onCancel={() => focus.setReplyTo(null)}
            onSubmit={async (body, suggestion) => {
              const ok = await threads.reply(t().id, { body, suggestion });
              if (ok) focus.setReplyTo(null);
              // A reply to a finding took it: its status changed as well as the drafts.
              if (ok && finding()) await threads.load();
              return ok;
            }}
          />
        </Show>
      </Show>
    </article>
  );
}

/**
 * The badge of a person's message: a draft, sent or delivered to the agent; a comment pulled from a pull
 * request was written on the forge by its login, so it says where it came from, never that the person sent it.
 * @example deliveryBadge(thread, message) // "Draft", "Sent", "Delivered", "from PR #7"
 */
function deliveryBadge(thread: Thread, message: Message): string {
  if (message.login !== undefined) return thread.forge ? `from PR #${thread.forge.pr}` : "from the pull request";
  return message.delivery === "unsent" ? "Draft" : message.delivery === "sent" ? "Sent" : "Delivered";
}
