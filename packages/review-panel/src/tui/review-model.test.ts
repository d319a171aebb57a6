import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { DiffFile, DiffRange, Outcome, ServerEvent } from "../state/review-client.js";
import type { BinarySide, ReviewBackend } from "./review-backend.js";
import { createReviewModel, presetLabel } from "./review-model.js";
import { emptyLine } from "./review-notices.js";

const big: DiffFile = {
  path: "big.txt",
  oldPath: null,
  status: "added",
  binary: false,
  hunks: [],
  tooLarge: {
    reason: "lines",
    bytes: 300_000,
    additions: 25_000,
    deletions: 0,
    canLoad: true,
    message: "too large to show; 25000 lines changed",
  },
};
const loaded: DiffFile = {
  ...big,
  tooLarge: undefined,
  hunks: [
    { oldStart: 0, oldLines: 0, newStart: 1, newLines: 1, lines: [{ kind: "add", old: null, new: 1, text: "line 1" }] },
  ],
};
const image: DiffFile = { path: "logo.png", oldPath: null, status: "modified", binary: true, hunks: [] };
const side = (size: number): BinarySide => ({ label: "PNG", size, image: true, dimensions: { width: 2, height: 1 } });
const halfChanged = {
  state: "compared",
  difference: { width: 2, height: 1, changed: 1, share: 0.5, box: { x: 1, y: 0, width: 1, height: 1 } },
} as const;

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
/** What the fake's change log says next: the test hands the model an event as the backend's poll would. */
let emit: (event: ServerEvent) => void = () => {};

/** A backend with an empty review and the calls given, every other call refused. */
function fakeBackend(calls: Partial<ReviewBackend>): ReviewBackend {
  const refuse = async (): Promise<Outcome<never>> => ({
    ok: false,
    error: { status: 500, code: "internal", message: "not in this test" },
  });
  return new Proxy(
    {
      where: { workTree: "/repo", branch: "main" },
      unsentStorage: null,
      threads: async () => ok({ threads: [] }),
      findings: async () => ok({ findings: [] }),
      rounds: async () => ok({ rounds: [] }),
      runs: async () => ok({ runs: [] }),
      review: async () => ok({ drafts: { threads: [], messages: [] }, session: null }),
      reviews: async () => ok({ reviews: [] }),
      viewed: async () => ok({ files: [] }),
      tour: async () => ok({ tour: null }),
      waitingForTurn: async () => ok(null),
      events: (on: (event: ServerEvent) => void) => ((emit = on), () => {}),
      ...calls,
    } as Partial<ReviewBackend>,
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : refuse) },
  ) as ReviewBackend;
}

/** The backend calls the model makes for the diff, with everything else refused. */
function backend(asked: string[]): ReviewBackend {
  return fakeBackend({
    diff: async (range: DiffRange) => (asked.push(`diff ${range.from}..${range.to}`), ok({ files: [image, big] })),
    fullFileDiff: async (_range: DiffRange, path: string) => (asked.push(`full ${path}`), ok({ files: [loaded] })),
    binaryVersions: async (file: DiffFile) => (
      asked.push(`bytes ${file.path}`),
      ok({ before: side(1000), after: side(2000), comparison: Promise.resolve(halfChanged) })
    ),
  });
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the terminal model's binaries and files too large", () => {
  it("gives each binary file its line after the diff, and keeps a file loaded anyway loaded when the diff is read again", () =>
    createRoot(async (dispose) => {
      const asked: string[] = [];
      const model = createReviewModel(backend(asked));
      await model.refresh();
      await settle();
      expect(model.files().map((f) => f.path)).toEqual(["big.txt", "logo.png"]);
      expect(model.binaryLines().get("logo.png")).toBe("PNG 2x1 · 1000 B → 2 KB · 50.0% of pixels changed");
      expect(model.files().find((f) => f.path === "big.txt")?.tooLarge).toBeDefined();

      expect(await model.diff.loadFull("big.txt")).toBe(true);
      expect(model.files().find((f) => f.path === "big.txt")?.hunks).toHaveLength(1);
      // The next change the log reports re-reads the diff (the view is open), where the file is held back
      // again: it is loaded again, not lost.
      model.setShowing(true);
      emit({
        type: "review",
        review: { id: "v_1", releasedAt: "2026-01-01T00:00:00Z", messages: 1, mode: "tools", deliveredTo: null },
      });
      await settle();
      await settle();
      expect(model.files().find((f) => f.path === "big.txt")?.tooLarge).toBeUndefined();
      expect(asked.filter((a) => a === "full big.txt")).toHaveLength(2);
      // Another range starts from the limits again.
      model.setPreset("since-last");
      await settle();
      await settle();
      expect(model.files().find((f) => f.path === "big.txt")?.tooLarge).toBeDefined();
      dispose();
    }));
});

describe("the terminal model's file loaded anyway during a re-read", () => {
  it("loads it (L) although a live change starts reading the diff again meanwhile, and keeps it loaded when that read lands", () =>
    createRoot(async (dispose) => {
      const answers: Array<() => void> = [];
      const whole: Array<() => void> = [];
      const model = createReviewModel(
        fakeBackend({
          bases: async () => ok({ base: "b".repeat(40), branches: [], picked: null }),
          diff: () => new Promise((resolve) => answers.push(() => resolve(ok({ files: [big] })))),
          fullFileDiff: () => new Promise((resolve) => whole.push(() => resolve(ok({ files: [loaded] })))),
        }),
      );
      const refreshed = model.refresh();
      while (answers.length === 0) await settle();
      answers[0]!();
      await refreshed;
      expect(model.files()[0]?.tooLarge).toBeDefined();
      // L asks for the whole file; before it answers, the agent's next change makes the open view read the diff again.
      const loading = model.diff.loadFull("big.txt");
      while (whole.length === 0) await settle();
      model.setShowing(true);
      emit({
        type: "review",
        review: { id: "v_1", releasedAt: "2026-01-01T00:00:00Z", messages: 1, mode: "tools", deliveredTo: null },
      });
      while (answers.length < 2) await settle();
      // The re-read's diff lands first, still holding the file back; then the whole file arrives.
      answers[1]!();
      await settle();
      whole[0]!();
      expect(await loading).toBe(true);
      expect(model.files()[0]?.hunks).toHaveLength(1);
      await settle();
      await settle();
      expect(model.files()[0]?.tooLarge).toBeUndefined();
      dispose();
    }));
});

describe("the terminal model's image lines", () => {
  it("shows an image's type and sizes at once, and the share of pixels changed when the backend's decode answers", () =>
    createRoot(async (dispose) => {
      let answer!: (comparison: typeof halfChanged) => void;
      const comparison = new Promise<typeof halfChanged>((resolve) => (answer = resolve));
      const model = createReviewModel(
        fakeBackend({
          diff: async () => ok({ files: [image] }),
          binaryVersions: async () => ok({ before: side(1000), after: side(2000), comparison }),
        }),
      );
      await model.refresh();
      await settle();
      expect(model.files().map((f) => f.path)).toEqual(["logo.png"]);
      expect(model.binaryLines().get("logo.png")).toBe("PNG 2x1 · 1000 B → 2 KB · comparing pixels…");
      answer(halfChanged);
      await settle();
      expect(model.binaryLines().get("logo.png")).toBe("PNG 2x1 · 1000 B → 2 KB · 50.0% of pixels changed");
      dispose();
    }));
});

describe("the terminal model's branch views", () => {
  /** A backend whose branch has one parent, `main`, and a pick kept in the store as `picked`. */
  function withParent(picked: string | null, asked: string[]): ReviewBackend {
    let kept = picked;
    return fakeBackend({
      where: { workTree: "/repo", branch: "work" },
      bases: async () =>
        ok({ base: "b".repeat(40), branches: [{ name: "main", mergeBase: "a".repeat(40), ahead: 2 }], picked: kept }),
      pickBase: async (from: string | null) => (asked.push(`pick ${from}`), (kept = from), ok({ picked: from })),
      diff: async (range: DiffRange) => (asked.push(`diff ${range.from}..${range.to}`), ok({ files: [] })),
    });
  }

  it("starts from the base the store keeps for the branch, offers each parent after the round views, and keeps or forgets the pick as t moves", () =>
    createRoot(async (dispose) => {
      const asked: string[] = [];
      const model = createReviewModel(withParent("branch:main", asked));
      await model.refresh();
      expect(model.preset()).toBe("branch:main");
      expect(model.range()).toEqual({ from: "branch:main", to: "worktree" });
      expect(asked).toContain("diff branch:main..worktree");
      expect(model.presets()).toEqual([
        "all",
        "since-last",
        "round",
        "view:uncommitted",
        "view:staged",
        "view:since-review",
        "branch:main",
      ]);
      expect(presetLabel("branch:main")).toBe("against main");

      // Back to all changes: the pick is forgotten in the store, so the web panel opens on the review's base too.
      model.setPreset("all");
      await settle();
      expect(asked).toContain("pick null");
      model.setPreset("branch:main");
      await settle();
      expect(asked.filter((a) => a === "pick branch:main")).toHaveLength(1);
      dispose();
    }));

  it("with no pick kept, opens on all changes and stores nothing", () =>
    createRoot(async (dispose) => {
      const asked: string[] = [];
      const model = createReviewModel(withParent(null, asked));
      await model.refresh();
      expect(model.preset()).toBe("all");
      expect(asked.some((a) => a.startsWith("pick"))).toBe(false);
      dispose();
    }));
});

describe("the terminal model's file texts", () => {
  it("reads the text of each file that can go on after its last hunk, at the range's end, so the view counts what follows", () =>
    createRoot(async (dispose) => {
      const asked: string[] = [];
      const edited: DiffFile = {
        path: "src/a.ts",
        oldPath: null,
        status: "modified",
        binary: false,
        hunks: [
          {
            oldStart: 1,
            oldLines: 1,
            newStart: 1,
            newLines: 1,
            lines: [
              { kind: "del", old: 1, new: null, text: "a" },
              { kind: "add", old: null, new: 1, text: "A" },
            ],
          },
        ],
      };
      const model = createReviewModel(
        fakeBackend({
          bases: async () => ok({ base: "b".repeat(40), branches: [], picked: null }),
          diff: async () => ok({ files: [edited, loaded, image] }),
          file: async (path: string, ref: string) => (
            asked.push(`text ${ref} ${path}`), ok({ path, text: "A\nb\nc\n" })
          ),
        }),
      );
      await model.refresh();
      await settle();
      // The added file is all hunk and the image has no lines: only the edited file is read.
      expect(asked).toEqual(["text worktree src/a.ts"]);
      expect(model.texts().get("src/a.ts")).toEqual(["A", "b", "c"]);
      dispose();
    }));
});

describe("the terminal model's empty diff", () => {
  it("says the diff is loading, not that there are no changes, until a diff answer arrives", () =>
    createRoot(async (dispose) => {
      // Each read of the diff waits for the test: the refresh's read is overtaken by a newer one (the work tree moved).
      const answers: Array<(files: readonly DiffFile[]) => void> = [];
      let watched: () => void = () => {};
      const model = createReviewModel(
        fakeBackend({
          bases: async () => ok({ base: "b".repeat(40), branches: [], picked: null }),
          diff: () => new Promise((resolve) => answers.push((files) => resolve(ok({ files })))),
          watchWorktree: (onChange: (paths: readonly string[]) => void) => (
            (watched = () => onChange(["a.ts"])), () => {}
          ),
        }),
      );
      model.watchWorktree();
      const refreshed = model.refresh();
      while (answers.length === 0) await settle();
      watched();
      while (answers.length < 2) await settle();
      answers[0]!([]);
      await refreshed;
      expect(model.loaded()).toBe(true);
      expect(emptyLine(model)).toBe("Loading the diff…");
      answers[1]!([]);
      await settle();
      expect(emptyLine(model)).toBe("No changes: the work tree matches the review's base.");
      dispose();
    }));
});
