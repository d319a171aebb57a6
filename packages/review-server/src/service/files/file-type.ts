// What kind of file some bytes are, by their first bytes (never by the name alone, so a file cannot
// pass for an image by being called one); SVG, which is text, also by its name and its root element.

/** A file's media type and the short name the panel shows ("PNG", "PDF", "binary"). */
export interface FileType {
  readonly mime: string;
  readonly label: string;
  /** True for the images a browser shows in `<img>`: PNG, JPEG, GIF, WebP, BMP, SVG. */
  readonly image: boolean;
}

const starts = (bytes: Uint8Array, ...magic: number[]) => magic.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/**
 * Sniffs a file's type from its bytes (and, for SVG, its name).
 * @example fileType("logo.png", bytes) // { mime: "image/png", label: "PNG", image: true }
 */
export function fileType(path: string, bytes: Uint8Array): FileType {
  if (starts(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { mime: "image/png", label: "PNG", image: true };
  if (starts(bytes, 0xff, 0xd8, 0xff)) return { mime: "image/jpeg", label: "JPEG", image: true };
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return { mime: "image/gif", label: "GIF", image: true };
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return { mime: "image/webp", label: "WebP", image: true };
  if (ascii(bytes, 0, "BM") && bytes.length > 26) return { mime: "image/bmp", label: "BMP", image: true };
  if (/\.svg$/i.test(path) && /<svg[\s>]/i.test(new TextDecoder().decode(bytes.subarray(0, 4096))))
    return { mime: "image/svg+xml", label: "SVG", image: true };
  if (ascii(bytes, 0, "%PDF-")) return { mime: "application/pdf", label: "PDF", image: false };
  if (starts(bytes, 0x50, 0x4b, 0x03, 0x04)) return { mime: "application/zip", label: "ZIP", image: false };
  if (starts(bytes, 0x1f, 0x8b)) return { mime: "application/gzip", label: "gzip", image: false };
  if (starts(bytes, 0x00, 0x61, 0x73, 0x6d)) return { mime: "application/wasm", label: "WebAssembly", image: false };
  return { mime: "application/octet-stream", label: "binary", image: false };
}
