// The view's keys as opencode's keymap takes them: one layer per mode (the diff, the editor, the
// confirmation, the list over the diff), each mode pushed while its part is open, so typing in the editor
// never moves the cursor. What a key does is the actions' (review-actions.ts and its siblings).
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { createEffect, onCleanup } from "solid-js";

export const VIEW_MODE = "opencode-review";
const EDIT_MODE = "opencode-review.edit";
const CONFIRM_MODE = "opencode-review.confirm";
const HELP_MODE = "opencode-review.help";

type Binding = { readonly key: string; readonly cmd: () => void; readonly desc: string };

/**
 * Pushes the view's mode and registers its four layers; each is released when the view goes.
 * @example registerKeyLayers(api, { view: keys.bindings, editOpen: () => editing() !== null, ... })
 */
export function registerKeyLayers(
  api: Pick<TuiPluginApi, "mode" | "keymap">,
  keys: {
    /** The diff's keys, from the one key table (terminal-keys.ts). */
    readonly view: readonly Binding[];
    readonly editOpen: () => boolean;
    readonly confirmOpen: () => boolean;
    readonly listOpen: () => boolean;
    readonly edit: { readonly putAway: () => void; readonly discard: () => void };
    readonly confirm: {
      readonly accept: () => void;
      readonly cancel: () => void;
      readonly nextVerdict: () => void;
      readonly overall: () => void;
      readonly togglePullRequest: () => void;
    };
    readonly list: {
      readonly close: () => void;
      readonly down: () => void;
      readonly up: () => void;
      /** Enter: opens the pick of a list that has one (the branches), closes any other. */
      readonly choose: () => void;
    };
  },
): void {
  const pops: (() => void)[] = [api.mode.push(VIEW_MODE)];
  const pushMode = (mode: string) => {
    const pop = api.mode.push(mode);
    return () => pop();
  };
  // Each part's mode is on the stack exactly while the part is open; the stops, for the cleanup below.
  const follow = (open: () => boolean, mode: string) => {
    let pop: (() => void) | null = null;
    createEffect(() => {
      const now = open();
      if (now && !pop) pop = pushMode(mode);
      if (!now && pop) pop(), (pop = null);
    });
    return () => pop?.();
  };
  const popParts = [
    follow(keys.editOpen, EDIT_MODE),
    follow(keys.confirmOpen, CONFIRM_MODE),
    follow(keys.listOpen, HELP_MODE),
  ];
  const layers = [
    api.keymap.registerLayer({ mode: VIEW_MODE, bindings: [...keys.view] }),
    api.keymap.registerLayer({
      mode: EDIT_MODE,
      bindings: [
        { key: "escape", cmd: keys.edit.putAway, desc: "Put the editor away, its words kept" },
        { key: "ctrl+g", cmd: keys.edit.discard, desc: "Discard the words" },
      ],
    }),
    api.keymap.registerLayer({
      mode: CONFIRM_MODE,
      bindings: [
        { key: "return", cmd: keys.confirm.accept, desc: "Confirm" },
        { key: "escape", cmd: keys.confirm.cancel, desc: "Cancel" },
        { key: "tab", cmd: keys.confirm.nextVerdict, desc: "Next verdict" },
        { key: "w", cmd: keys.confirm.overall, desc: "Overall comment" },
        { key: "p", cmd: keys.confirm.togglePullRequest, desc: "To the pull request / to the agent" },
      ],
    }),
    api.keymap.registerLayer({
      mode: HELP_MODE,
      bindings: [
        ...["escape", "q", "?", "h"].map((key) => ({ key, cmd: keys.list.close, desc: "Close the list" })),
        { key: "return", cmd: keys.list.choose, desc: "Open the branch picked / close the list" },
        ...["j", "down"].map((key) => ({ key, cmd: keys.list.down, desc: "Scroll the list" })),
        ...["k", "up"].map((key) => ({ key, cmd: keys.list.up, desc: "Scroll the list" })),
      ],
    }),
  ];
  onCleanup(() => {
    for (const off of layers) off();
    for (const pop of popParts) pop();
    for (const pop of pops) pop();
  });
}
