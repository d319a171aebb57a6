import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { Finish, Outcome, ReleaseResult } from "../state/review-client.js";
import { createReleaseConfirm } from "./release-confirm.js";
import type { ActOutcome } from "./review-actions.js";
import type { ReviewBackend } from "./review-backend.js";
import type { ReviewModel } from "./review-model.js";

/** The confirmation over a model holding `drafts` drafts and a backend that records each release. */
function confirmation(
  drafts: number,
  released: { session: string | null; finish: Finish | undefined }[],
  pullRequest: number | null = null,
) {
  const said: string[] = [];
  const model = { counts: () => ({ waiting: 0, drafts }), refresh: async () => {} } as unknown as ReviewModel;
  const backend = {
    release: async (session: string | undefined, finish?: Finish): Promise<Outcome<ReleaseResult>> => {
      released.push({ session: session ?? null, finish });
      const review = {
        id: "v_1",
        releasedAt: "2026-01-01T00:00:00Z",
        messages: drafts,
        mode: "tools" as const,
        deliveredTo: finish?.pr ? null : (session ?? null),
      };
      if (finish?.pr)
        return {
          ok: true,
          value: {
            review: {
              ...review,
              pullRequest: { url: `https://github.com/o/r/pull/${pullRequest}#pullrequestreview-1` },
            },
          },
        };
      return { ok: true, value: { review } };
    },
    forgeStatus: async () => ({
      ok: true,
      value: { pull: pullRequest === null ? null : { number: pullRequest }, waiting: [], posted: 0 },
    }),
  } as unknown as ReviewBackend;
  const act = async (label: string, run: () => Promise<ActOutcome>) => {
    const answer = await run();
    said.push(typeof answer === "string" ? answer : answer ? `${label} failed: ${answer.refused}` : label);
  };
  const release = createReleaseConfirm({
    backend,
    model,
    session: async () => "ses_1",
    act,
    say: (line) => void said.push(line),
  });
  return { release, said };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the terminal's release confirmation, without a renderer", () => {
  it("asks first; tab steps the verdict, w keeps an overall comment, Enter sends both to the session", () =>
    createRoot(async (dispose) => {
      const released: { session: string | null; finish: Finish | undefined }[] = [];
      const { release, said } = confirmation(2, released);
      release.ask();
      expect(release.pending()?.text()).toBe(
        "Release 2 drafts to the agent? Enter sends · tab verdict · w overall comment · Escape cancels",
      );
      release.nextVerdict();
      release.nextVerdict();
      expect(release.pending()?.text()).toContain("· verdict: approve");
      // w puts the question away while the comment is written; its words bring it back.
      expect(release.writeSummary()).toBe("");
      expect(release.pending()).toBeNull();
      release.keepSummary("Looks good");
      expect(release.pending()?.text()).toContain('· overall: "Looks good"');
      release.confirm();
      await settle();
      expect(released).toEqual([{ session: "ses_1", finish: { verdict: "approve", summary: "Looks good" } }]);
      expect(said.at(-1)).toBe("Released 2 messages to the session.");
      // The next release starts without the last one's verdict and comment.
      release.ask();
      expect(release.pending()?.text()).toBe(
        "Release 2 drafts to the agent? Enter sends · tab verdict · w overall comment · Escape cancels",
      );
      dispose();
    }));

  it("says there is nothing to release without drafts, and Escape releases nothing", () =>
    createRoot((dispose) => {
      const released: { session: string | null; finish: Finish | undefined }[] = [];
      const none = confirmation(0, released);
      none.release.ask();
      expect(none.release.pending()).toBeNull();
      expect(none.said).toEqual(["Nothing to release: write a comment with c first."]);
      const some = confirmation(1, released);
      some.release.ask();
      some.release.cancel();
      expect(some.release.pending()).toBeNull();
      expect(some.said).toEqual(["Not released."]);
      expect(released).toEqual([]);
      dispose();
    }));

  it("offers the pull request only when the branch has one: p toggles it in the line, and the release goes there as a review", () =>
    createRoot(async (dispose) => {
      const released: { session: string | null; finish: Finish | undefined }[] = [];
      const without = confirmation(1, released);
      without.release.ask();
      await settle();
      without.release.togglePullRequest();
      expect(without.release.pending()?.text()).toBe(
        "Release 1 draft to the agent? Enter sends · tab verdict · w overall comment · Escape cancels",
      );

      const { release, said } = confirmation(1, released, 7);
      release.ask();
      await settle();
      expect(release.pending()?.text()).toBe(
        "Release 1 draft to the agent? Enter sends · tab verdict · w overall comment · p to pull request #7 · Escape cancels",
      );
      release.togglePullRequest();
      expect(release.pending()?.text()).toBe(
        "Release 1 draft to pull request #7 as a review? Enter sends · tab verdict · w overall comment · p to the agent instead · Escape cancels",
      );
      release.confirm();
      await settle();
      expect(released).toEqual([{ session: "ses_1", finish: { pr: true } }]);
      expect(said.at(-1)).toBe(
        "Released 1 message to pull request #7 as a review: https://github.com/o/r/pull/7#pullrequestreview-1",
      );
      // The next release goes to the agent again unless p is pressed.
      release.ask();
      await settle();
      expect(release.pending()?.text()).toContain("Release 1 draft to the agent?");
      dispose();
    }));
});
