import { countCharacters, MESSAGE_BODY_LIMIT } from "@opencode-review/core";
import { createSignal, onMount, Show } from "solid-js";
import { useUnsentText, type UnsentPlace } from "../state/conversation/unsent-text.js";
import { SuggestionDiff } from "./suggestion-diff.js";
import "./composer.css";

export interface ComposerProps {
  /** What the comment is about, e.g. "Lines 4–6" ; extra controls may sit beside it. */
  readonly label?: string;
  readonly labelExtra?: import("solid-js").JSX.Element;
  readonly initialBody?: string;
  readonly initialSuggestion?: readonly string[] | null;
  /** The range's current lines: a new suggestion starts from them. Absent: no suggestion offered. */
  readonly suggestionBase?: readonly string[] | null;
  readonly submitLabel: string;
  /** Where the box is: its unsent text is kept there (across scrolling, reloads and closed tabs) until saved or cancelled. */
  readonly place?: UnsentPlace;
  readonly onSubmit: (body: string, suggestion: string[] | null) => Promise<boolean>;
  readonly onCancel: () => void;
}

/** A text box for a comment or reply, with the character counter and an optional suggested change. */
export function Composer(props: ComposerProps) {
  const unsent = useUnsentText();
  const kept = props.place ? unsent?.get(props.place) : undefined;
  const [body, setBodySignal] = createSignal(kept?.body ?? props.initialBody ?? "");
  const [suggesting, setSuggestingSignal] = createSignal(kept ? kept.suggestion !== null : !!props.initialSuggestion);
  const [suggestion, setSuggestionSignal] = createSignal(
    kept?.suggestion ?? (props.initialSuggestion ?? props.suggestionBase ?? []).join("\n"),
  );
  // Kept on every keystroke: a tab can close at any moment, and localStorage writes are small and synchronous.
  const keep = () => {
    if (props.place) unsent?.put(props.place, body(), suggesting() ? suggestion() : null);
  };
  const setBody = (text: string) => {
    setBodySignal(text);
    keep();
  };
  const setSuggestion = (text: string) => {
    setSuggestionSignal(text);
    keep();
  };
  const setSuggesting = (on: boolean) => {
    setSuggestingSignal(on);
    keep();
  };
  const forget = () => {
    if (props.place) unsent?.drop(props.place);
  };
  const cancel = () => {
    forget();
    props.onCancel();
  };
  const [busy, setBusy] = createSignal(false);
  let textarea: HTMLTextAreaElement | undefined;
  onMount(() => textarea?.focus({ preventScroll: true }));

  // Counted by core's counter, as the server counts: an emoji is one character, not two UTF-16 units.
  const count = () => countCharacters(body());
  const length = () => (body().trim().length === 0 ? 0 : count());
  const over = () => count() > MESSAGE_BODY_LIMIT;
  const submit = async () => {
    if (busy() || length() === 0 || over()) return;
    setBusy(true);
    const ok = await props.onSubmit(body(), suggesting() ? suggestion().split("\n") : null);
    setBusy(false);
    if (ok) {
      setBodySignal("");
      setSuggestingSignal(false);
      forget();
    }
  };

  return (
    <form
      data-component="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void submit();
        }
        if (e.key === "Escape") cancel();
      }}
    >
      <Show when={props.label || props.labelExtra}>
        <div data-slot="target">
          <span>{props.label}</span>
          {props.labelExtra}
        </div>
      </Show>
      <textarea
        ref={textarea}
        data-slot="body"
        aria-label="Comment"
        placeholder="Leave a comment"
        value={body()}
        onInput={(e) => setBody(e.currentTarget.value)}
      />
      <Show when={suggesting()}>
        <label data-slot="target">Suggested replacement for these lines:</label>
        <textarea
          data-slot="suggestion-input"
          aria-label="Suggested lines"
          value={suggestion()}
          onInput={(e) => setSuggestion(e.currentTarget.value)}
          rows={Math.min(12, Math.max(2, suggestion().split("\n").length))}
        />
        <SuggestionDiff before={props.suggestionBase ?? []} after={suggestion().split("\n")} />
      </Show>
      <div data-slot="footer">
        <span
          data-slot="counter"
          data-state={over() ? "over" : count() > MESSAGE_BODY_LIMIT - 100 ? "near" : "ok"}
          aria-live="polite"
        >
          {count()}/{MESSAGE_BODY_LIMIT}
        </span>
        <Show when={props.suggestionBase && props.suggestionBase.length > 0 && !suggesting()}>
          <button type="button" data-slot="action suggest" onClick={() => setSuggesting(true)}>
            Suggest change
          </button>
        </Show>
        <Show when={suggesting()}>
          <button type="button" data-slot="action" onClick={() => setSuggesting(false)}>
            No suggestion
          </button>
        </Show>
        <button type="button" data-slot="action cancel" onClick={cancel}>
          Cancel
        </button>
        <button type="submit" data-variant="primary" data-slot="submit" disabled={busy() || length() === 0 || over()}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
