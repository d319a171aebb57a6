import { ReviewError } from "@opencode-review/core";
import { readBlobs, readWorktreeBytes, resolveWorktreePath, type Repository } from "../../git/index.js";
import { roundOfBranch } from "../rounds/branch-rounds.js";
import { fileType, type FileType } from "./file-type.js";
import type { ServiceContext } from "../service-context.js";
import { branchBase } from "../rounds/review-bases.js";
import { ensureRound } from "../rounds/record-round.js";

/** Which version of the files to read: `worktree`, `base`, `branch:<name>` (where HEAD left it), or a round id of the branch. */
export type FileRef = string;

/**
 * The commit a ref names (null for the work tree); an unknown round is refused with what to use instead.
 * @example await commitOfRef(ctx, repo, "base") // "3f2a…"
 */
export async function commitOfRef(ctx: ServiceContext, repo: Repository, ref: FileRef): Promise<string | null> {
  if (ref === "worktree") return null;
  if (ref === "base") return (await ensureRound(ctx, repo)).base;
  if (ref.startsWith("branch:")) return branchBase(repo, ref.slice("branch:".length));
  return (await roundOfBranch(ctx, repo, ref)).snapshot;
}

/**
 * Files' raw bytes at a ref (null: no such file there), the paths checked to lie inside the work tree.
 * @example const bytes = await filesAt(ctx, repo, "worktree", ["logo.png"])
 */
export async function filesAt(
  ctx: ServiceContext,
  repo: Repository,
  ref: FileRef,
  paths: readonly string[],
): Promise<Map<string, Uint8Array | null>> {
  const checked = await Promise.all(paths.map((p) => resolveWorktreePath(repo, p, { followLast: false })));
  const commit = await commitOfRef(ctx, repo, ref);
  const result = new Map<string, Uint8Array | null>();
  if (commit === null) {
    const read = await Promise.all(checked.map((p) => readWorktreeBytes(repo, p)));
    for (const [i, p] of checked.entries()) result.set(p, read[i]!);
  } else {
    const blobs = await readBlobs(repo, commit, checked);
    for (const p of checked) result.set(p, blobs.get(p) ?? null);
  }
  return result;
}

/**
 * The git blob id of some bytes (what `git hash-object` prints), or `deleted` for no file. Web Crypto, not
 * node:crypto: under Bun (inside opencode) importing node:crypto costs tens of ms of every start.
 * @example await blobId(new Uint8Array()) // "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
 */
export async function blobId(bytes: Uint8Array | null): Promise<string> {
  if (bytes === null) return "deleted";
  const header = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const object = new Uint8Array(header.length + bytes.length);
  object.set(header);
  object.set(bytes, header.length);
  return Buffer.from(await crypto.subtle.digest("SHA-1", object)).toString("hex");
}

/** The largest file `fileBytes` answers: the panel shows images, not archives. */
export const maxFileBytes = 25 * 1024 * 1024;

/**
 * A file's bytes and type at `base`, a round or the work tree (the default), for showing images and
 * the sizes of other binaries. A missing file, a path outside the work tree or a file over 25 MB is refused.
 * @example const { bytes, type } = await fileBytes(ctx, { path: "logo.png", ref: "base" })
 */
export async function fileBytes(
  ctx: ServiceContext,
  query: { readonly path: string; readonly ref?: FileRef },
): Promise<{ readonly path: string; readonly bytes: Uint8Array; readonly type: FileType }> {
  const repo = await ctx.repository();
  const ref = query.ref ?? "worktree";
  const [path, bytes] = [...(await filesAt(ctx, repo, ref, [query.path]))][0]!;
  if (bytes === null)
    throw new ReviewError("not_found", `${path} does not exist at ${ref}. Check the path and the round.`);
  if (bytes.length > maxFileBytes) {
    throw new ReviewError(
      "too_long",
      `${path} is ${bytes.length} bytes at ${ref}; files over ${maxFileBytes} bytes are not served. Open it from the work tree instead.`,
    );
  }
  return { path, bytes, type: fileType(path, bytes) };
}
