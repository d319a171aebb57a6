// What is typed into a comment box and not yet saved, kept in the browser's localStorage so a reload or
// a closed tab loses nothing. One entry per place (a new comment on a file, a reply to a thread, an edit
// of a draft message), kept per repository and branch; an entry goes when its text is saved or discarded.
import { createContext, createSignal, useContext } from "solid-js";
import type { CommentTarget } from "../diff/diff-rows.js";

/** Where a comment box is: what its text will become once saved. */
export type UnsentPlace =
  | { readonly kind: "new"; readonly target: CommentTarget }
  | { readonly kind: "reply"; readonly threadId: string }
  | { readonly kind: "edit"; readonly threadId: string; readonly messageId: string };

export interface UnsentEntry {
  readonly place: UnsentPlace;
  readonly body: string;
  /** The suggested lines as typed (one string), or null when no suggestion is open. */
  readonly suggestion: string | null;
  readonly savedAt: number;
}

/**
 * The key of a place: a new comment is one per file (stretching its range keeps the text), a reply one
 * per thread, an edit one per message.
 * @example placeKey({ kind: "reply", threadId: "t1" }) // "reply:t1"
 */
export function placeKey(place: UnsentPlace): string {
  if (place.kind === "new") return `new:${place.target.file}`;
  if (place.kind === "reply") return `reply:${place.threadId}`;
  return `edit:${place.messageId}`;
}

const prefix = "opencode-review:unsent:";
// Which box was open when the panel went, per scope: the terminal has one editor at a time and opens that
// one again (the web opens every kept box again, so it does not need it).
const openPrefix = "opencode-review:unsent-open:";

function isEntry(value: unknown): value is UnsentEntry {
  const v = value as Partial<UnsentEntry> | null;
  return (
    !!v &&
    typeof v.body === "string" &&
    typeof v.place === "object" &&
    v.place !== null &&
    typeof v.savedAt === "number"
  );
}

export type UnsentText = ReturnType<typeof createUnsentText>;

/** The part of the Web Storage API the texts need: localStorage in the browser, a file in the terminal. */
export type UnsentStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The unsent texts of one repository and branch (`scope`, null until the server has said which): kept
 * in memory until then, and in `storage` under that scope from then on.
 * @example const unsent = createUnsentText(window.localStorage); unsent.setScope("/repo", "main"); unsent.put(place, "Why?", null)
 */
export function createUnsentText(storage: UnsentStorage | null) {
  const [scope, setScopeSignal] = createSignal<string | null>(null);
  let entries = new Map<string, UnsentEntry>();
  const storageKey = () => {
    const s = scope();
    return s === null ? null : prefix + s;
  };
  const read = (key: string): Map<string, UnsentEntry> => {
    try {
      const raw: unknown = JSON.parse(storage?.getItem(key) ?? "{}");
      return new Map(
        Object.entries(raw && typeof raw === "object" ? raw : {}).filter((e): e is [string, UnsentEntry] =>
          isEntry(e[1]),
        ),
      );
    } catch {
      // Text left by another version of the panel, or edited by hand: nothing to restore from it.
      return new Map();
    }
  };
  // A storage that cannot be read or written (a full disk, a read-only folder, a private mode) keeps the
  // text in memory for this visit.
  const safely = <T>(run: () => T, otherwise: T): T => {
    try {
      return run();
    } catch {
      return otherwise;
    }
  };
  const write = () => {
    const key = storageKey();
    if (key === null || !storage) return;
    try {
      if (entries.size === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(Object.fromEntries(entries)));
    } catch {
      // A full or disabled storage keeps the text in memory for this visit, as before.
    }
  };
  return {
    scope,
    /** Names the repository and branch; what was typed before is kept and joins what is stored. */
    setScope: (repo: string, branch: string) => {
      const next = `${repo}\u0000${branch}`;
      if (next === scope()) return;
      const typed = entries;
      setScopeSignal(next);
      entries = read(prefix + next);
      for (const [k, v] of typed) entries.set(k, v);
      write();
    },
    get: (place: UnsentPlace): UnsentEntry | undefined => entries.get(placeKey(place)),
    put: (place: UnsentPlace, body: string, suggestion: string | null) => {
      if (body === "" && suggestion === null) entries.delete(placeKey(place));
      else entries.set(placeKey(place), { place, body, suggestion, savedAt: Date.now() });
      write();
    },
    drop: (place: UnsentPlace) => {
      if (entries.delete(placeKey(place))) write();
    },
    /** Every kept entry, the most recently typed first. */
    list: (): UnsentEntry[] => [...entries.values()].sort((a, b) => b.savedAt - a.savedAt),
    /** Notes which box is open (null: none), so one still open when the panel goes opens again with it. */
    setOpen: (place: UnsentPlace | null) => {
      const s = scope();
      if (s === null || !storage) return;
      safely(
        () => (place ? storage.setItem(openPrefix + s, placeKey(place)) : storage.removeItem(openPrefix + s)),
        undefined,
      );
    },
    /** The entry whose box was open when the panel last went, if its words are still kept. */
    wasOpen: (): UnsentEntry | null => {
      const s = scope();
      const key = s === null || !storage ? null : safely(() => storage.getItem(openPrefix + s), null);
      return key === null ? null : (entries.get(key) ?? null);
    },
  };
}

export const UnsentTextContext = createContext<UnsentText>();

/** The unsent texts of the enclosing panel, or null outside one (then nothing is kept). */
export function useUnsentText(): UnsentText | null {
  return useContext(UnsentTextContext) ?? null;
}
