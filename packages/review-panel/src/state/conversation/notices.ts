// Messages for the person: server refusals and lost connections, shown until dismissed.
import { createContext, createSignal, useContext } from "solid-js";
import { errorText, type ApiError } from "../review-client.js";

export interface Notice {
  readonly id: number;
  readonly tone: "error" | "info";
  readonly text: string;
  /** One thing to do about it (Restore after an undo), beside Dismiss. */
  readonly action?: NoticeAction;
}

export interface NoticeAction {
  readonly label: string;
  readonly run: () => void;
}

export type Notices = ReturnType<typeof createNotices>;

/**
 * Holds the notices shown at the top of the panel.
 * @example const notices = createNotices(); notices.report({ status: 409, code: "conflict", message: "Released already." })
 */
export function createNotices() {
  const [list, setList] = createSignal<readonly Notice[]>([]);
  let next = 1;
  const push = (tone: Notice["tone"], text: string, action?: NoticeAction) => {
    const id = next++;
    // The same text twice in a row is one notice, so a flapping connection does not stack them.
    setList((l) => (l.some((n) => n.text === text) ? l : [...l, { id, tone, text, ...(action ? { action } : {}) }]));
    return id;
  };
  return {
    list,
    report: (error: ApiError) => push("error", errorText(error)),
    info: (text: string, action?: NoticeAction) => push("info", text, action),
    dismiss: (id: number) => setList((l) => l.filter((n) => n.id !== id)),
  };
}

export const NoticesContext = createContext<Notices>();

/** The notices of the enclosing panel. */
export function useNotices(): Notices {
  const value = useContext(NoticesContext);
  if (!value) throw new Error("useNotices outside NoticesContext");
  return value;
}
