// The two versions of a binary file a diff compares, read as bytes for the image and binary views.
import type { Api, DiffFile, DiffRange, FileBytes } from "../../api.js";

/** One side of a binary file: its type and size, and for images a `data:` URL (the CSP allows no other). */
export interface FileVersion {
  readonly label: string;
  readonly mime: string;
  readonly size: number;
  readonly image: boolean;
  readonly url: string | null;
}

export type FileVersions = { readonly before: FileVersion | null; readonly after: FileVersion | null };

const imageTypes = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp", "image/svg+xml"]);

function dataUrl(file: FileBytes): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mime }));
  });
}

async function version(file: FileBytes | null): Promise<FileVersion | null> {
  if (!file) return null;
  const image = imageTypes.has(file.mime);
  return {
    label: file.label,
    mime: file.mime,
    size: file.bytes.length,
    image,
    url: image ? await dataUrl(file) : null,
  };
}

/**
 * Both sides of a binary file over the range: the old path at `from`, the new path at `to`; an added
 * file has no before, a deleted one no after. Throws the server's refusal as an Error with its words.
 * @example const { before, after } = await loadFileVersions(api, file, { from: "base", to: "worktree" })
 */
export async function loadFileVersions(api: Api, file: DiffFile, range: DiffRange): Promise<FileVersions> {
  const [before, after] = await Promise.all([
    file.status === "added" ? null : api.fileBytes(file.oldPath ?? file.path, range.from),
    file.status === "deleted" ? null : api.fileBytes(file.path, range.to),
  ]);
  for (const side of [before, after]) if (side && !side.ok) throw new Error(side.error.message);
  return {
    before: await version(before?.ok ? before.value : null),
    after: await version(after?.ok ? after.value : null),
  };
}
