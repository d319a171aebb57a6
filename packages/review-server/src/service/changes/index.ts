// The person's hands on the code: undo, restore, apply a suggestion, keep. A table of contents; no logic here.
export { undoChange, type UndoInput } from "./undo-change.js";
export { restoreChange } from "./restore-change.js";
export { applySuggestion } from "./apply-suggestion.js";
export { keepHunks } from "./keep-hunks.js";
export { listChanges } from "./list-changes.js";
export { untoldNotices, withChangeNotices } from "./change-notices.js";
export { withKeptHunks } from "./kept-hunks.js";
export { changeJson, type ChangeJson } from "./change-json.js";
export type { ShownFile } from "./shown-file.js";
export { lineOffsets, byteLines, spliceLines, linesBytes, type LineSpan } from "./file-lines.js";
export { changeBlocks, revertBlocks, type ChangeBlock, type Reverted } from "./revert-hunks.js";
export { restoredBytes, writtenFile, type KeptChange } from "./restore-bytes.js";
export { changeOperations, type ChangeOperations } from "./change-operations.js";
