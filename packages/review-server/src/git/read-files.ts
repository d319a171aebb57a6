import type { FileContent } from "./file-content.js";
import { toFileContent } from "./file-content.js";
import type { Repository } from "./open-repository.js";
import { runGitBuffer } from "./run-git.js";

/**
 * Reads many files of one commit or tree in a single `git cat-file --batch` process.
 * A path that is absent, a folder or a submodule at `rev` reads as missing.
 * @example const files = await readFiles(repo, round.snapshot, ["src/a.ts", "logo.png"]);
 */
export async function readFiles(
  repo: Pick<Repository, "workTree">,
  rev: string,
  paths: readonly string[],
): Promise<ReadonlyMap<string, FileContent>> {
  const unique = [...new Set(paths)];
  const result = new Map<string, FileContent>();
  if (unique.length === 0) return result;

  const names = unique.map((path) => `${rev}:${path}`);
  // A newline inside a path would split the request; -z (git 2.38+) is only needed then.
  const nulSeparated = unique.some((path) => path.includes("\n"));
  const input = nulSeparated ? names.map((n) => `${n}\0`).join("") : names.map((n) => `${n}\n`).join("");
  // --buffer: all requests are written at once and stdin is closed, so nothing waits on an answer; without it
  // git flushes after every object, and each of those hundreds of small writes is an event for this process.
  const out = await runGitBuffer(repo.workTree, ["cat-file", "--batch", "--buffer", ...(nulSeparated ? ["-z"] : [])], {
    input,
  });

  // Answers come in request order: "<name> missing\n" (or "ambiguous"), or "<sha> <type> <size>\n<bytes>\n".
  let at = 0;
  unique.forEach((path, index) => {
    const name = names[index]!;
    for (const word of ["missing", "ambiguous"]) {
      const header = Buffer.from(`${name} ${word}\n`, "utf8");
      if (out.subarray(at, at + header.length).equals(header)) {
        result.set(path, { kind: "missing" });
        at += header.length;
        return;
      }
    }
    const end = out.indexOf(0x0a, at);
    if (end < 0) throw new Error(`git cat-file answered ${unique.length} requests with too little output`);
    const [, type, sizeText] = out.subarray(at, end).toString("utf8").split(" ");
    const size = Number(sizeText);
    const body = out.subarray(end + 1, end + 1 + size);
    at = end + 1 + size + 1;
    result.set(path, type === "blob" ? toFileContent(body) : { kind: "missing" });
  });
  return result;
}
