// A byte count as the panels show it beside a binary file.

/**
 * A byte count as people read it.
 * @example byteSize(12_288) // "12 KB"
 */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
