import { ReviewError } from "@opencode-review/core";
import * as jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { fileType } from "../service/file-type.js";
import { binaryVersions, decodeSide } from "./binary-versions.js";

function png(width: number, height: number, red = 0): Uint8Array {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set([red, 10, 20, 255], i * 4);
  return new Uint8Array(PNG.sync.write(image));
}

describe("binary files as the terminal half reads them", () => {
  it("decodes PNG and JPEG into RGBA pixels with their size", () => {
    const side = decodeSide(png(40, 30, 200), fileType("a.png", png(1, 1)));
    expect(side).toMatchObject({ label: "PNG", image: true, dimensions: { width: 40, height: 30 } });
    expect(side.pixels?.data.length).toBe(40 * 30 * 4);
    expect([...side.pixels!.data.slice(0, 4)]).toEqual([200, 10, 20, 255]);

    const encoded = jpeg.encode({ width: 16, height: 8, data: Buffer.alloc(16 * 8 * 4, 128) }, 90).data;
    const photo = decodeSide(new Uint8Array(encoded), fileType("a.jpg", new Uint8Array(encoded)));
    expect(photo).toMatchObject({ label: "JPEG", dimensions: { width: 16, height: 8 } });
    expect(photo.pixels?.data.length).toBe(16 * 8 * 4);
  });

  it("gives GIF and SVG their size in pixels and says why there is no share; other binaries type and bytes", () => {
    // A 3x2 GIF header: the logical screen size is what image-size reads.
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 3, 0, 2, 0, 0, 0, 0, 0x3b]);
    expect(decodeSide(gif, fileType("a.gif", gif))).toMatchObject({ label: "GIF", dimensions: { width: 3, height: 2 }, pixels: null, undecoded: expect.stringContaining("no pixel share for GIF") });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>');
    expect(decodeSide(svg, fileType("a.svg", svg))).toMatchObject({ label: "SVG", dimensions: { width: 120, height: 80 }, undecoded: expect.stringContaining("SVG") });
    const blob = new Uint8Array(100).fill(7);
    expect(decodeSide(blob, fileType("a.bin", blob))).toEqual({ label: "binary", size: 100, image: false, dimensions: null, pixels: null });
  });

  it("says a broken image could not be decoded instead of failing", () => {
    const broken = png(10, 10).slice(0, 60);
    const side = decodeSide(broken, fileType("a.png", broken));
    expect(side.pixels).toBeNull();
    expect(side.undecoded).toMatch(/^PNG could not be decoded/);
  });

  it("reads the old path at the range's start and the new path at its end; an added file has no before", async () => {
    const asked: string[] = [];
    const read = async (q: { path: string; ref: string }) => {
      asked.push(`${q.path}@${q.ref}`);
      if (q.path === "gone.png") throw new ReviewError("not_found", "gone.png does not exist at base.");
      const bytes = png(4, 4);
      return { bytes, type: fileType(q.path, bytes) };
    };
    const renamed = await binaryVersions(read, { path: "new.png", oldPath: "old.png", status: "renamed" }, { from: "base", to: "worktree" });
    expect(asked).toEqual(["old.png@base", "new.png@worktree"]);
    expect(renamed.before?.dimensions).toEqual({ width: 4, height: 4 });
    const added = await binaryVersions(read, { path: "a.png", oldPath: null, status: "added" }, { from: "base", to: "worktree" });
    expect(added.before).toBeNull();
    const missing = await binaryVersions(read, { path: "x.png", oldPath: "gone.png", status: "renamed" }, { from: "base", to: "worktree" });
    expect(missing.before).toBeNull();
  });
});
