import type { ServiceContext } from "../service-context.js";
import { applySuggestion } from "./apply-suggestion.js";
import { untoldNotices } from "./change-notices.js";
import { keepHunks } from "./keep-hunks.js";
import { listChanges } from "./list-changes.js";
import { restoreChange } from "./restore-change.js";
import { undoChange, type UndoInput } from "./undo-change.js";

/**
 * The person's hands on the code: undo, restore, apply a suggestion, keep a hunk, and the list of those changes.
 * @example await changeOperations(ctx).undo({ file: "a.ts", lines: { from: 3, to: 5 } });
 */
export function changeOperations(ctx: ServiceContext) {
  return {
    listChanges: () => listChanges(ctx),
    /** The person's changes the agent's review_list has not told it of yet (for the system prompt's waiting line). */
    untoldChanges: () => untoldNotices(ctx),
    undo: (input: UndoInput) => undoChange(ctx, input),
    restoreChange: (id: string) => restoreChange(ctx, id),
    applySuggestion: (threadId: string, input: { readonly messageId?: string } = {}) =>
      applySuggestion(ctx, threadId, input),
    keepHunks: (input: Parameters<typeof keepHunks>[1]) => keepHunks(ctx, input),
  };
}

export type ChangeOperations = ReturnType<typeof changeOperations>;
