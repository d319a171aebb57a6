import { createSignal, onMount } from "solid-js";

/** The panel's theme: the system's, or one the person picked. */
export type Theme = "system" | "light" | "dark";

const KEY = "opencode-review:theme";
const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function apply(theme: Theme): void {
  if (theme === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/**
 * The header's theme button: system → light → dark, kept in this browser's storage (the stylesheets read
 * `data-theme` on the root; without it they follow the system).
 * @example <ThemeChoice />
 */
export function ThemeChoice() {
  const kept = storage()?.getItem(KEY);
  const [theme, setTheme] = createSignal<Theme>(kept === "light" || kept === "dark" ? kept : "system");
  onMount(() => apply(theme()));
  return (
    <button
      type="button"
      data-slot="action theme"
      aria-label={`Theme: ${theme()} (click for ${NEXT[theme()]})`}
      title="Theme: the system's, light or dark (kept in this browser)"
      onClick={() => {
        const next = NEXT[theme()];
        setTheme(next);
        apply(next);
        storage()?.setItem(KEY, next);
      }}
    >
      {theme() === "system" ? "◐" : theme() === "light" ? "☀" : "☾"}
    </button>
  );
}
