import type { Repository } from "./open-repository.js";
import { runGitBuffer } from "./run-git.js";

/**
 * Many files' raw bytes at one commit or tree, in one `git cat-file --batch`; absent paths read as null.
 * @example const blobs = await readBlobs(repo, round.snapshot, ["assets/logo.png"])
 */
export async function readBlobs(
  repo: Pick<Repository, "workTree">,
  rev: string,
  paths: readonly string[],
): Promise<ReadonlyMap<string, Uint8Array | null>> {
  const unique = [...new Set(paths)];
  const result = new Map<string, Uint8Array | null>();
  if (unique.length === 0) return result;
  const names = unique.map((path) => `${rev}:${path}`);
  const nulSeparated = unique.some((path) => path.includes("\n"));
  const input = nulSeparated ? names.map((n) => `${n}\0`).join("") : names.map((n) => `${n}\n`).join("");
  // --buffer: all requests are written at once and stdin is closed, so nothing waits on an answer; without it
  // git flushes after every object, and each of those hundreds of small writes is an event for this process.
  const out = await runGitBuffer(repo.workTree, ["cat-file", "--batch", "--buffer", ...(nulSeparated ? ["-z"] : [])], {
    input,
  });
  let at = 0;
  for (const path of unique) {
    const end = out.indexOf(0x0a, at);
    if (end < 0) throw new Error(`git cat-file answered ${unique.length} requests with too little output`);
    const header = out.subarray(at, end).toString("utf8");
    // "<name> missing" / "<name> ambiguous", or "<sha> <type> <size>" followed by the bytes.
    if (header.endsWith(" missing") || header.endsWith(" ambiguous")) {
      result.set(path, null);
      at = end + 1;
      continue;
    }
    const [, type, sizeText] = header.split(" ");
    const size = Number(sizeText);
    result.set(path, type === "blob" ? new Uint8Array(out.subarray(end + 1, end + 1 + size)) : null);
    at = end + 1 + size + 1;
  }
  return result;
}
