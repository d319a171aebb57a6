// The release as the terminal asks for it: `s` asks first, in one line under the diff; tab steps the
// verdict, w writes the overall comment, p (when the branch has a pull request) sends it there as a review
// instead of to the agent, Enter sends, Escape cancels. No renderer here: the view draws
// `text()` and forwards the confirmation's keys.
import { createSignal } from "solid-js";
import { errorText, type Verdict } from "../state/review-client.js";
import { NO_SESSION_YET } from "../state/conversation/past-review-text.js";
import type { ReviewBackend } from "./review-backend.js";
import type { ActOutcome } from "./review-actions.js";
import type { ReviewModel } from "./review-model.js";

/** The verdicts `tab` steps through in the release confirmation; null releases without one. */
const VERDICTS: readonly (Verdict | null)[] = [null, "comment", "approve", "changes"];
const VERDICT_LABEL: Record<Verdict, string> = { comment: "comment", approve: "approve", changes: "request changes" };

/** A question waiting on Enter or Escape; `release` marks the release's, which takes tab and w too. */
export interface Confirmation {
  readonly text: () => string;
  readonly run: () => Promise<void>;
  readonly release?: true;
}

export type ReleaseConfirm = ReturnType<typeof createReleaseConfirm>;

/**
 * The confirmation line and the release it sends, with its verdict and overall comment.
 * @example const release = createReleaseConfirm({ backend, model, session, act, say }); release.ask(); release.confirm()
 */
export function createReleaseConfirm(input: {
  readonly backend: ReviewBackend;
  readonly model: ReviewModel;
  readonly session: () => Promise<string | null>;
  readonly act: (label: string, run: () => Promise<ActOutcome>) => Promise<void>;
  readonly say: (status: string) => void;
}) {
  const { backend, model } = input;
  const [pending, setPending] = createSignal<Confirmation | null>(null);
  const [verdict, setVerdict] = createSignal<Verdict | null>(null);
  const [summary, setSummary] = createSignal("");
  // The release's other way, offered only when the branch has a pull request (as last pulled).
  const [pullRequest, setPullRequest] = createSignal<number | null>(null);
  const [toPr, setToPr] = createSignal(false);

  const ask = () => {
    const { drafts } = model.counts();
    if (drafts === 0) return input.say("Nothing to release: write a comment with c first.");
    void Promise.resolve()
      .then(() => backend.forgeStatus())
      .then(
        (f) => setPullRequest(f.ok ? (f.value.pull?.number ?? null) : null),
        () => setPullRequest(null),
      );
    setPending({
      release: true,
      text: () => {
        const v = verdict();
        const words = summary();
        const said = `${v ? ` · verdict: ${VERDICT_LABEL[v]}` : ""}${words ? ` · overall: "${words.length > 40 ? `${words.slice(0, 39)}…` : words}"` : ""}`;
        const pr = pullRequest();
        const to = pr !== null && toPr() ? `to pull request #${pr} as a review` : "to the agent";
        const toggle = pr === null ? "" : ` · p ${toPr() ? "to the agent instead" : `to pull request #${pr}`}`;
        return `Release ${drafts} draft${drafts === 1 ? "" : "s"} ${to}?${said} Enter sends · tab verdict · w overall comment${toggle} · Escape cancels`;
      },
      run: () =>
        input.act("Released", async () => {
          const v = verdict();
          const words = summary();
          const pr = pullRequest() !== null && toPr() ? pullRequest() : null;
          const answer = await backend.release((await input.session()) ?? undefined, {
            ...(v ? { verdict: v } : {}),
            ...(words ? { summary: words } : {}),
            ...(pr !== null ? { pr: true } : {}),
          });
          if (!answer.ok) return { refused: errorText(answer.error) };
          const result = answer.value.review;
          setVerdict(null);
          setSummary("");
          setToPr(false);
          await model.refresh();
          if (result.pullRequest)
            return `Released ${result.messages} message${result.messages === 1 ? "" : "s"} to pull request #${pr} as a review: ${result.pullRequest.url}`;
          const prose = result.mode === "prose" ? " as prose" : "";
          const what = `Released ${result.messages} message${result.messages === 1 ? "" : "s"}`;
          if (result.delivery?.waitsFor === "session") return `${what}${prose}: ${NO_SESSION_YET}.`;
          const where = result.deliveredTo
            ? "to the session"
            : answer.value.waitsForAgentTurn
              ? "for the MCP client's agent: it reads them at its next turn"
              : "(no session to send to)";
          return `${what} ${where}${prose}.`;
        }),
    });
  };

  return {
    /** The question on screen, or null. */
    pending,
    /** `s`: asks to release the drafts (or says there are none). */
    ask,
    /** Enter: the question goes and its action runs. */
    confirm: () => {
      const c = pending();
      setPending(null);
      void c?.run();
    },
    /** Escape: nothing is released. */
    cancel: () => {
      setPending(null);
      input.say("Not released.");
    },
    /** tab: the next verdict (none, comment, approve, request changes). */
    nextVerdict: () => {
      if (pending()?.release) setVerdict((v) => VERDICTS[(VERDICTS.indexOf(v) + 1) % VERDICTS.length]!);
    },
    /** p: to the branch's pull request as a review, or back to the agent (only when the branch has one). */
    togglePullRequest: () => {
      if (pending()?.release && pullRequest() !== null) setToPr((t) => !t);
    },
    /** w: the question goes while the overall comment is written; returns its words so far, or null when no release is asked. */
    writeSummary: (): string | null => {
      if (!pending()?.release) return null;
      setPending(null);
      return summary();
    },
    /** The overall comment written: kept for the release, and the question asked again. */
    keepSummary: (words: string) => {
      setSummary(words);
      ask();
    },
  };
}
