import { For, Show } from "solid-js";
import { useNotices } from "../state/conversation/notices.js";
import "./notice-list.css";

/** Server refusals and connection trouble, readable, until dismissed. */
export function NoticeList() {
  const notices = useNotices();
  return (
    <div data-component="notice-list" aria-live="assertive">
      <For each={notices.list()}>
        {(n) => (
          <div data-slot="notice" data-tone={n.tone} role={n.tone === "error" ? "alert" : "status"}>
            <span>{n.text}</span>
            <Show when={n.action}>
              {(action) => (
                <button
                  type="button"
                  data-slot="action notice-action"
                  onClick={() => {
                    notices.dismiss(n.id);
                    action().run();
                  }}
                >
                  {action().label}
                </button>
              )}
            </Show>
            <button type="button" data-slot="action" onClick={() => notices.dismiss(n.id)}>
              Dismiss
            </button>
          </div>
        )}
      </For>
    </div>
  );
}
