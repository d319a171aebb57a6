// The terminal review's screen: the rows laid out for the diff window's width, made again whenever what the
// lines show changes (rows, width, view, folds, binary lines, marks since the last review) and never per key.
import { createMemo, type Accessor } from "solid-js";
import type { Row } from "../state/diff/diff-rows.js";
import type { MarkdownLine } from "./markdown-lines.js";
import type { ReviewModel } from "./review-model.js";
import { layout, type Layout } from "./screen-lines.js";

export interface ReviewScreenInput {
  readonly model: Pick<ReviewModel, "binaryLines" | "since">;
  readonly rows: Accessor<readonly Row[]>;
  readonly width: Accessor<number>;
  readonly view: Accessor<"unified" | "split">;
  readonly collapsed: Accessor<ReadonlySet<string>>;
}

/**
 * The layout the diff window draws from: its lines are made when first drawn, so everything they show must be
 * read here, where the layout is made, or a change to it never reaches lines already made.
 * @example const screen = createReviewScreen({ model, rows, width, view, collapsed }); screen().line(0)
 */
export function createReviewScreen(input: ReviewScreenInput): Accessor<Layout> {
  const { model } = input;
  // Bodies read as Markdown once per text while the view is open, not once per layout (`pnpm bench tui`).
  const bodies = new Map<string, MarkdownLine[]>();
  return createMemo(() => {
    if (bodies.size > 5000) bodies.clear();
    return layout(input.rows(), {
      width: input.width(),
      view: input.view(),
      collapsed: input.collapsed(),
      binaryLines: model.binaryLines(),
      bodies,
      // Read here: marks that arrive after the diff (their own read follows it) make the layout again.
      sinceReview: model.since.changed(),
    });
  });
}
