/**
 * Orders two ISO 8601 times: negative when `a` is earlier. Parsed, because offsets and precision
 * may differ between writers; falls back to text order for unparseable input.
 * @example compareTimes("2026-01-01T10:00:00Z", "2026-01-01T10:00:00.001Z") // -1
 */
export function compareTimes(a: string, b: string): number {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  if (Number.isNaN(ta) || Number.isNaN(tb)) return a < b ? -1 : a > b ? 1 : 0;
  return Math.sign(ta - tb);
}
