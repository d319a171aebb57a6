// What the terminal review's keys do, with no renderer in sight: the rows and the cursor over them, the
// status line, and every action a key starts (resolve, viewed marks, findings, deliveries, runs, round
// views). The view lays these out and forwards keys to them; the editor and the release confirmation have
// their own modules (review-editing.ts, release-confirm.ts) over the same `act` and status line.
import { createMemo, createSignal } from "solid-js";
import { errorText, type ApiError, type Thread } from "../state/review-client.js";
import { createCursor, fileOfRow } from "../state/navigation/cursor.js";
import { createHere } from "../state/navigation/here.js";
import { linkToPlace, placeOfRow } from "../state/navigation/link-place.js";
import { NO_SESSION_YET } from "../state/conversation/past-review-text.js";
import type { ReviewBackend } from "./review-backend.js";
import { presetLabel, type ReviewModel } from "./review-model.js";
import type { RunModelChoice } from "./run-model-pick.js";
import { terminalRows } from "./screen-lines.js";
import { changePlace, hunkPlaceAt } from "../state/diff/changes.js";

/** What the actions need from outside: the review, where a release goes, and the host's few side effects. */
export interface ReviewActionsInput {
  readonly backend: ReviewBackend;
  readonly model: ReviewModel;
  /** The session a release (or a retried delivery, or a run) goes to: the one the person came from, else the latest. */
  readonly session: () => Promise<string | null>;
  /** Asks the person for the model of an AI review run (opencode's select dialog). */
  readonly chooseRunModel: () => Promise<RunModelChoice>;
  /** Copies a link to the clipboard where the terminal can (OSC 52); false when it cannot. */
  readonly copy: (text: string) => boolean;
  readonly toast: (toast: {
    readonly variant: "info";
    readonly title: string;
    readonly message: string;
    readonly duration: number;
  }) => void;
}

export type ReviewActions = ReturnType<typeof createReviewActions>;

/** What an action answers: its status line, nothing (its label is said), false (a slice refused: its notice says why) or a refusal. */
export type ActOutcome = string | void | false | { readonly refused: string };

/** A port answer's refusal, as the status line says it. */
const refused = (error: ApiError) => ({ refused: errorText(error) });

/** The newest unreleased words of the person on a thread, if any. */
export function lastDraft(thread: Thread) {
  return [...thread.messages].reverse().find((m) => m.author === "human" && m.delivery === "unsent") ?? null;
}

/**
 * The terminal review's rows, cursor, status line and key actions over the model and the backend.
 * @example const actions = createReviewActions({ backend, model, session, chooseRunModel, copy, toast }); actions.resolveToggle()
 */
export function createReviewActions(input: ReviewActionsInput) {
  const { backend, model } = input;
  // The layout and the folds are the diff slice's, as in the web panel (a viewed file folds there, whoever marked it).
  const { view, collapsed } = model.diff;
  const viewed = model.viewed;
  const { threads, review, viewed: viewedMarks, rounds, reviewer, notices } = model.slices;
  const [status, setStatus] = createSignal<string>("? for keys · q to close");
  const [busy, setBusy] = createSignal(false);

  const rows = createMemo(() =>
    terminalRows({
      files: model.files(),
      threads: model.inline(),
      range: model.range(),
      view: view(),
      collapsed: collapsed(),
      texts: model.texts(),
    }),
  );
  const cursor = createCursor(rows);
  const goToFileRow = (path: string) => {
    const at = rows().findIndex((r) => r.kind === "file" && r.file.path === path);
    if (at !== -1) cursor.go(at);
  };

  // Every action reports its refusal as the status line; none throws into opencode. An action answers
  // false when a slice refused (its notice says why, as the web panel's notice bar does), or a refusal.
  const act = async (label: string, run: () => Promise<ActOutcome>) => {
    if (busy()) return;
    setBusy(true);
    try {
      const said = await run();
      if (said === false) setStatus(`${label} failed: ${notices.list().at(-1)?.text ?? "refused"}`);
      else if (typeof said === "object") setStatus(`${label} failed: ${said.refused}`);
      else setStatus(said ?? label);
    } catch (error) {
      setStatus(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  const session = async () => (await input.session()) ?? undefined;
  // What the keys act on is the shared "here" slice's, as in the web panel.
  const here = createHere({ row: cursor.row, threads });
  const { thread: threadHere, finding: findingHere, file: fileHere } = here;

  // The person's hands on the code, as the web panel's hunk buttons: U undoes, w keeps, Z restores.
  const changes = model.slices.changes;
  const undoHunk = () => {
    if (!changes.canChange()) return setStatus("Undo works on a diff that ends at the work tree (T picks one).");
    // A V selection: the hunks its lines touch, as the web panel's "Undo selection"; else the hunk here.
    const selection = cursor.mark() === null ? null : selectedLines();
    const place = selection ?? hunkPlaceAt(rows(), cursor.index());
    if (!place) return setStatus("Move onto a hunk to undo it.");
    void act("Undo", async () => {
      if (!(await changes.undo(place))) return false;
      if (selection) cursor.clearMark();
      const newest = changes.list()[0];
      return `Undid ${newest ? changePlace(newest) : place.file}: Z restores it, H lists your changes.`;
    });
  };
  /** The lines between the V mark and the cursor, one side of one file; null when they are not. */
  const selectedLines = () => {
    const action = cursor.action();
    if (action?.kind !== "comment" || action.target.start === null) return null;
    const { file, side, start, end } = action.target;
    return { file, side, start, end: end ?? start };
  };
  const keepHunk = () => {
    const place = hunkPlaceAt(rows(), cursor.index());
    if (!place || place.side === "old") return setStatus("Move onto a hunk's added or unchanged lines to keep it.");
    void act("Keep", async () => {
      if (!(await changes.keep(place.file, place.start, place.end))) return false;
      return `Kept the hunk at ${place.file} line ${place.start}: it folds until its text changes.`;
    });
  };
  const restoreNewest = () => {
    const newest = changes.list().find((c) => c.restoredAt === null);
    if (!newest) return setStatus("No undo or applied suggestion to restore.");
    void act("Restore", async () => {
      if (!(await changes.restore(newest.id))) return false;
      return `Restored ${changePlace(newest)}.`;
    });
  };

  const resolveToggle = () => {
    const toggle = here.resolveToggle();
    if (toggle.kind === "nothing") return setStatus("Move onto a thread to resolve or reopen it.");
    if (toggle.kind === "draft") return setStatus("A draft is not released yet: d deletes it, e edits it.");
    void act(toggle.kind === "reopen" ? "Reopened" : "Resolved", async () => {
      if (!(await toggle.run())) return false;
    });
  };
  const deleteDraft = () => {
    const thread = threadHere();
    const draft = thread ? lastDraft(thread) : null;
    if (!thread || !draft) return setStatus("No draft here to delete.");
    void act("Draft deleted", async () => {
      if (!(await threads.deleteMessage(thread, draft.id))) return false;
    });
  };
  const seen = () => {
    const thread = threadHere();
    if (!thread) return setStatus("Move onto a thread to mark it seen.");
    void act("Marked seen", async () => (await threads.seen(thread.id)) && undefined);
  };
  const takeRound = () =>
    void act("Round taken", async () => {
      const round = await rounds.take();
      if (!round) return false;
      await model.refresh();
      return `Round ${round.ordinal} taken.`;
    });
  const webPanel = () =>
    void act("Web panel", async () => {
      const answer = await backend.panelUrl();
      if (!answer.ok) return refused(answer.error);
      const url = answer.value;
      if (!url)
        return "No web panel runs for this repository (the server half is not loaded): run opencode-review serve.";
      // The link names the place under the cursor, so the panel opens there.
      const row = cursor.row();
      const link = row ? linkToPlace(url, placeOfRow(row)) : url;
      const copied = input.copy(link);
      const browser = await backend.openInBrowser(link);
      // The toast is narrow and breaks a link where it likes (at "/#token=", leaving a first line that opens
      // the page asking for a link): the link goes on the status line alone, first, one line to copy.
      input.toast({
        variant: "info",
        title: browser.opened ? "Review panel opened in the browser" : "Review panel",
        message: `The link is ${copied ? "copied, and " : ""}on the status line below, whole.`,
        duration: 10_000,
      });
      if (browser.opened) return `${link} · Opened in the browser${copied ? " and copied" : ""}`;
      // The link first, from the line's start: a narrow screen cuts the end of the line, and the reason matters less.
      return `${link} · ${copied ? "Copied" : "Shown"}; no browser opened: ${browser.reason}`;
    });
  // u: the newest failed release, else one waiting for a session, goes to the session this view names now.
  const retryDelivery = () => {
    const target = model.failed()[0] ?? model.waitingForSession()[0];
    if (!target) return setStatus("No release waits on a failed delivery.");
    void act("Retried", async () => {
      if (!(await review.retryDelivery(target.id, await session()))) return false;
      await model.reloadReleases();
      const still = model.reviews().find((r) => r.id === target.id);
      if (still?.delivery.state === "delivered") return "Delivered to the session.";
      if (still?.delivery.waitsFor === "session") return `Not sent: ${NO_SESSION_YET}.`;
      return `Still not delivered: ${still?.delivery.error ?? "no reason given"}`;
    });
  };
  // x: every failed delivery at once (they are one line).
  const dismissDeliveries = () => {
    const failed = model.failed();
    if (failed.length === 0) return setStatus("No release waits on a failed delivery.");
    void act("Dismissed", async () => {
      if (!(await review.dismissAllDeliveries())) return false;
      return failed.length === 1
        ? "Dismissed: the release stands; its delivery is no longer shown."
        : `Dismissed all ${failed.length}: the releases stand; their deliveries are no longer shown.`;
    });
  };
  const acceptFinding = () => {
    const finding = findingHere();
    if (!finding) return setStatus("Move onto a reviewer's finding to accept it.");
    void act("Accepted", async () => {
      if (!(await threads.accept(finding.id))) return false;
      return `Accepted: the finding is your draft on ${finding.file}; e edits it, s releases it.`;
    });
  };
  const dismissFinding = () => {
    const finding = findingHere();
    if (!finding) return setStatus("Move onto a reviewer's finding to dismiss it.");
    void act("Dismissed", async () => {
      if (!(await threads.dismiss(finding.id))) return false;
      return "Finding dismissed.";
    });
  };
  // A run's status and its findings arrive through the model's poll of the change log, whoever started it.
  const startRun = () => {
    if (busy()) return;
    void (async () => {
      const choice = await input.chooseRunModel();
      if (choice.kind === "refused") return setStatus(`AI review failed: ${choice.text}`);
      if (choice.kind === "live") {
        model.showRun(choice.run);
        return setStatus(`An AI review runs already: ${choice.run.status}.`);
      }
      if (choice.kind === "closed") return setStatus("No AI review started (no model picked).");
      void act("AI review", async () => {
        const answer = await backend.startRun(choice.model, await session());
        if (!answer.ok) return refused(answer.error);
        const started = answer.value.run;
        model.showRun(started);
        return `AI review started (${started.model}); its findings show here when it releases them.`;
      });
    })();
  };
  const cancelRun = () =>
    void act("Cancel", async () => {
      const live = model.run();
      if (!live || (live.status !== "pending" && live.status !== "running")) return "No AI review runs now.";
      if (!(await reviewer.cancel(live.id))) return false;
      return "AI review cancelled.";
    });
  const toggleViewed = () => {
    const path = fileHere();
    if (!path) return;
    const now = !viewed().has(path);
    void act(now ? "Viewed" : "Not viewed", async () => {
      await viewedMarks.toggle(path);
      if (viewedMarks.state(path) !== (now ? "viewed" : "unviewed")) return false;
      goToFileRow(path);
      return now ? `${path} viewed: folded; Y goes to the next file not viewed.` : `${path} not viewed.`;
    });
  };
  const nextUnviewed = () => {
    const files = model.files().map((f) => f.path);
    const here = fileHere();
    const from = here === null ? -1 : files.indexOf(here);
    const order = [...files.slice(from + 1), ...files.slice(0, from + 1)];
    const next = order.find((p) => !viewed().has(p));
    if (!next) return setStatus("Every file is viewed.");
    goToFileRow(next);
  };
  const cyclePreset = () => {
    const all = model.presets();
    const next = all[(all.indexOf(model.preset()) + 1) % all.length]!;
    model.setPreset(next);
    setStatus(`Showing ${presetLabel(next)}.`);
  };
  const fold = () => {
    const row = cursor.row();
    if (!row) return;
    const file = fileOfRow(row);
    model.diff.toggleCollapsed(file);
  };
  const toggleWhitespace = () => {
    const ignoring = !rounds.ignoreWhitespace();
    rounds.setIgnoreWhitespace(ignoring);
    setStatus(ignoring ? "Whitespace changes left out (i shows them)." : "Whitespace changes shown.");
  };
  const toggleView = () => {
    model.diff.setView(view() === "split" ? "unified" : "split");
  };
  const mark = () => {
    cursor.toggleMark();
    setStatus(
      cursor.mark() === null
        ? "Range cleared."
        : "Range started: move, then c comments on the lines between (U undoes the hunks they touch).",
    );
  };
  const loadAnyway = () => {
    const path = fileHere();
    const file = path === null ? undefined : model.files().find((f) => f.path === path);
    if (!file?.tooLarge) return setStatus("L loads a file too large to show; this one is shown already.");
    if (!file.tooLarge.canLoad)
      return setStatus(`${file.path} is over the most that can be loaded: open it from the work tree.`);
    void act("Loaded", async () =>
      (await model.diff.loadFull(file.path)) ? `${file.path} loaded in full.` : `${file.path} is still held back.`,
    );
  };
  const goToFile = (path: string) => {
    goToFileRow(path);
    setStatus(`At ${path}.`);
  };
  const refresh = () => void model.refresh().then(() => setStatus("Reloaded."));

  return {
    // The state the view lays out.
    view,
    collapsed,
    rows,
    cursor,
    status,
    setStatus,
    busy,
    act,
    threadHere,
    goToFileRow,
    // What the keys do.
    resolveToggle,
    deleteDraft,
    seen,
    takeRound,
    webPanel,
    retryDelivery,
    dismissDeliveries,
    acceptFinding,
    dismissFinding,
    startRun,
    cancelRun,
    toggleViewed,
    nextUnviewed,
    cyclePreset,
    fold,
    toggleView,
    toggleWhitespace,
    mark,
    loadAnyway,
    goToFile,
    refresh,
    undoHunk,
    keepHunk,
    restoreNewest,
  };
}
