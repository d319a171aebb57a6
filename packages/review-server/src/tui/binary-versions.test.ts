import { ReviewError } from "@opencode-review/core";
import * as jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { fileType } from "../service/files/file-type.js";
import { pngBomb } from "../testing/png-file.js";
import { binaryVersions, describeSide } from "./binary-versions.js";
import { createImageComparer, type ComparedImage } from "./image-comparer.js";

function png(width: number, height: number, red = 0): Uint8Array {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set([red, 10, 20, 255], i * 4);
  return new Uint8Array(PNG.sync.write(image));
}

describe("binary files as the terminal half reads them", () => {
  it("gives PNG and JPEG their size in pixels from the header, decoding nothing", () => {
    expect(describeSide(png(40, 30, 200), fileType("a.png", png(1, 1)))).toEqual({
      label: "PNG",
      size: png(40, 30, 200).length,
      image: true,
      dimensions: { width: 40, height: 30 },
    });
    const encoded = jpeg.encode({ width: 16, height: 8, data: Buffer.alloc(16 * 8 * 4, 128) }, 90).data;
    expect(describeSide(new Uint8Array(encoded), fileType("a.jpg", new Uint8Array(encoded)))).toMatchObject({
      label: "JPEG",
      dimensions: { width: 16, height: 8 },
    });
  });

  it("says at once that a PNG whose header claims more pixels than its bytes can hold is not decoded", () => {
    const bomb = pngBomb(1, 40_000_000);
    expect(describeSide(bomb, fileType("bomb.png", bomb))).toEqual({
      label: "PNG",
      size: bomb.length,
      image: true,
      dimensions: { width: 1, height: 40_000_000 },
      undecoded: `PNG could not be decoded (its header claims 1x40000000 pixels, more than its ${bomb.length} bytes can hold)`,
    });
  });

  it("gives GIF and SVG their size in pixels and says why there is no share; other binaries type and bytes", () => {
    // A 3x2 GIF header: the logical screen size is what image-size reads.
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 3, 0, 2, 0, 0, 0, 0, 0x3b]);
    expect(describeSide(gif, fileType("a.gif", gif))).toMatchObject({
      label: "GIF",
      dimensions: { width: 3, height: 2 },
      undecoded: expect.stringContaining("no pixel share for GIF"),
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>');
    expect(describeSide(svg, fileType("a.svg", svg))).toMatchObject({
      label: "SVG",
      dimensions: { width: 120, height: 80 },
      undecoded: expect.stringContaining("SVG"),
    });
    const blob = new Uint8Array(100).fill(7);
    expect(describeSide(blob, fileType("a.bin", blob))).toEqual({
      label: "binary",
      size: 100,
      image: false,
      dimensions: null,
    });
  });

  it("reads the old path at the range's start and the new path at its end; an added file has no before and nothing to compare", async () => {
    const asked: string[] = [];
    const compared: string[] = [];
    const read = async (q: { path: string; ref: string }) => {
      asked.push(`${q.path}@${q.ref}`);
      if (q.path === "gone.png") throw new ReviewError("not_found", "gone.png does not exist at base.");
      const bytes = png(4, 4, q.ref === "base" ? 0 : 255);
      return { bytes, type: fileType(q.path, bytes) };
    };
    const compare = async (before: ComparedImage, after: ComparedImage) => {
      compared.push(`${before.blob.slice(0, 7)}:${after.blob.slice(0, 7)}`);
      return { state: "not-compared", why: "stub" } as const;
    };
    const renamed = await binaryVersions(
      read,
      compare,
      { path: "new.png", oldPath: "old.png", status: "renamed" },
      { from: "base", to: "worktree" },
    );
    expect(asked).toEqual(["old.png@base", "new.png@worktree"]);
    expect(renamed.before?.dimensions).toEqual({ width: 4, height: 4 });
    expect(await renamed.comparison).toEqual({ state: "not-compared", why: "stub" });
    // Keyed by the git blob ids of the two versions (what `git hash-object` prints).
    expect(compared).toHaveLength(1);
    expect(compared[0]).toMatch(/^[0-9a-f]{7}:[0-9a-f]{7}$/);
    const added = await binaryVersions(
      read,
      compare,
      { path: "a.png", oldPath: null, status: "added" },
      { from: "base", to: "worktree" },
    );
    expect(added.before).toBeNull();
    expect(added.comparison).toBeNull();
    const missing = await binaryVersions(
      read,
      compare,
      { path: "x.png", oldPath: "gone.png", status: "renamed" },
      { from: "base", to: "worktree" },
    );
    expect(missing.before).toBeNull();
  });

  it("says a broken image could not be decoded (in the built worker) instead of failing", async () => {
    const broken = png(10, 10).slice(0, 60);
    const read = async (q: { path: string; ref: string }) => {
      const bytes = q.ref === "base" ? png(10, 10) : broken;
      return { bytes, type: fileType(q.path, bytes) };
    };
    const versions = await binaryVersions(
      read,
      createImageComparer(),
      { path: "a.png", oldPath: null, status: "modified" },
      { from: "base", to: "worktree" },
    );
    expect(await versions.comparison).toMatchObject({
      state: "not-compared",
      why: expect.stringMatching(/^PNG could not be decoded/),
    });
  });
});
