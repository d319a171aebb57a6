// Which rows of a long diff are on screen: only those are drawn, so 20,000 lines cost what one screen costs.

/**
 * The first row to show so the cursor stays in view with a little context above and below it, moving as
 * little as possible from the current top.
 * @example followCursor({ top: 0, cursor: 30, height: 20, total: 100 }) // 13
 */
export function followCursor(input: {
  readonly top: number;
  readonly cursor: number;
  readonly height: number;
  readonly total: number;
}): number {
  const height = Math.max(1, input.height);
  const margin = Math.min(3, Math.floor((height - 1) / 2));
  let top = input.top;
  if (input.cursor - margin < top) top = input.cursor - margin;
  if (input.cursor + margin >= top + height) top = input.cursor + margin - height + 1;
  return Math.max(0, Math.min(top, Math.max(0, input.total - height)));
}

/**
 * The first row to show after the cursor moved: a jump to a file's header (`n`, go to file) puts that header
 * at the top, so the file reads down from it; any other move follows the cursor (see followCursor).
 * @example topAfterMove({ top: 0, cursor: 80, height: 20, total: 200, jumpedToFile: true }) // 80
 */
export function topAfterMove(input: {
  readonly top: number;
  readonly cursor: number;
  readonly height: number;
  readonly total: number;
  readonly jumpedToFile: boolean;
}): number {
  if (!input.jumpedToFile) return followCursor(input);
  return Math.max(0, Math.min(input.cursor, Math.max(0, input.total - Math.max(1, input.height))));
}
