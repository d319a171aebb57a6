// @vitest-environment node
// The terminal's screen over the terminal half's real backend (real git, real SQLite): the marks of what
// changed since the last release reach the lines drawn, also when they arrive after the diff is drawn.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEffect, createRoot, createSignal } from "solid-js";
import { afterEach, describe, expect, it } from "vitest";
import { openTuiBackend } from "../../../review-server/src/tui/open-tui-backend.js";
import { initRepository, layFiles } from "../../e2e/git-repository.mjs";
import type { DiffRange } from "../state/review-client.js";
import { createReviewActions } from "./review-actions.js";
import type { ReviewBackend } from "./review-backend.js";
import { createReviewModel } from "./review-model.js";
import { createReviewScreen } from "./review-screen.js";

const cleanUps: (() => unknown)[] = [];
afterEach(async () => {
  for (const clean of cleanUps.splice(0).reverse()) await clean();
});

const NEW = "new since your review";
/** Waits for what the screen shows: real git and SQLite answers take their time on a busy machine. */
const poll = <T>(read: () => T) => expect.poll(read, { timeout: 15_000 });

/**
 * The backend, with the since-review answers held while `hold` is on, until `let go`: the marks then land
 * after the diff and its texts are drawn, the order the terminal met them in when it switched views. More
 * than one answer may be held at once (a diff read asks for the marks, and so does a release the past-reviews
 * list learns of late); either way the screen must end with the right marks.
 */
function holdingSinceAnswers(backend: ReviewBackend) {
  let holding = false;
  const held: (() => void)[] = [];
  const diff = async (range: DiffRange) => {
    const answer = await backend.diff(range);
    if (holding && range.view === "since-review") await new Promise<void>((go) => held.push(go));
    return answer;
  };
  const wrapped = new Proxy(backend, {
    get: (target, key) => {
      if (key === "diff") return diff;
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    backend: wrapped,
    hold: () => void (holding = true),
    held: () => held.length,
    letGo: () => {
      holding = false;
      for (const go of held.splice(0)) go();
    },
  };
}

describe("the terminal's screen and the marks since the last review", () => {
  it("draws the marks that arrive after the diff: before any release the whole change (after i on and off), after one only the file changed since, when T comes back from since my last review", async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), "review-screen-")));
    cleanUps.push(() => rmSync(folder, { recursive: true, force: true }));
    const dir = join(folder, "repo");
    initRepository(dir, {
      "src/price.ts": "export const total = price * qty;\n",
      "src/space.ts": "if (x) {\n  go();\n}\n",
    });
    // A word changed in price.ts; space.ts only indented again (ignore whitespace leaves it out).
    layFiles(dir, {
      "src/price.ts": "export const total = price * quantity;\n",
      "src/space.ts": "if (x) {\n    go();\n}\n",
    });
    const real = await openTuiBackend({ dir, options: {}, send: async () => true, pid: -1 });
    cleanUps.push(() => real.close());
    const gate = holdingSinceAnswers(real);

    const { model, actions, drawn } = createRoot((dispose) => {
      cleanUps.push(dispose);
      const model = createReviewModel(gate.backend);
      cleanUps.push(model.close);
      const actions = createReviewActions({
        backend: gate.backend,
        model,
        session: async () => "ses_person",
        chooseRunModel: async () => ({ kind: "cancelled" }) as never,
        copy: () => false,
        toast: () => {},
      });
      const screen = createReviewScreen({
        model,
        rows: actions.rows,
        width: () => 100,
        view: actions.view,
        collapsed: actions.collapsed,
      });
      // As the diff window draws: the lines again whenever the screen or anything they read changes.
      const [drawn, setDrawn] = createSignal<readonly string[]>([]);
      createEffect(() => {
        const l = screen();
        setDrawn(
          Array.from({ length: l.total }, (_, i) =>
            l
              .line(i)
              .pieces.map((p) => p.text)
              .join(""),
          ),
        );
      });
      return { model, actions, drawn };
    });
    const header = (path: string) => drawn().find((line) => line.includes(path) && /modified|added/.test(line)) ?? "";
    const hunkMarks = () => drawn().filter((line) => line.startsWith("@@") && line.includes(NEW)).length;

    // Before any release the whole change is new, also after i left space.ts out and brought it back.
    gate.hold();
    await model.refresh();
    await poll(() => header("src/space.ts")).not.toBe("");
    actions.toggleWhitespace();
    await poll(() => header("src/space.ts")).toBe("");
    gate.letGo();
    await poll(() => header("src/price.ts")).toContain(NEW);
    gate.hold();
    actions.toggleWhitespace();
    await poll(() => header("src/space.ts")).not.toBe("");
    await poll(() => gate.held()).toBeGreaterThanOrEqual(1);
    await poll(() => model.texts().size).toBe(2);
    gate.letGo();
    await poll(() => header("src/space.ts")).toContain(NEW);
    expect(header("src/price.ts")).toContain(NEW);
    expect(hunkMarks()).toBe(2);

    // A release; then the agent edits price.ts again. Since my last review shows that edit alone ...
    const released = await real.release("ses_person", { verdict: "approve", summary: "Fine so far." });
    expect(released.ok).toBe(true);
    writeFileSync(join(dir, "src", "price.ts"), "export const total = price * quantity * 2;\n");
    model.setPreset("view:since-review");
    await poll(() => drawn().some((line) => line.includes("quantity * 2"))).toBe(true);
    expect(header("src/space.ts")).toBe("");
    // ... and back on all changes, price.ts and its hunk are new since the review, space.ts is not.
    gate.hold();
    model.setPreset("all");
    await poll(() => header("src/space.ts")).not.toBe("");
    await poll(() => gate.held()).toBeGreaterThanOrEqual(1);
    await poll(() => model.texts().size).toBe(2);
    gate.letGo();
    await poll(() => header("src/price.ts")).toContain(NEW);
    expect(header("src/space.ts")).not.toContain(NEW);
    expect(hunkMarks()).toBe(1);
  }, 60_000);
});
