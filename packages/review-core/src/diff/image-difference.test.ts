import { describe, expect, it } from "vitest";
import { pixelDifference, type Pixels } from "./image-difference.js";

function image(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number, number],
): Pixels {
  const data: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.push(...paint(x, y));
  return { width, height, data };
}
const white = () => [255, 255, 255, 255] as [number, number, number, number];

describe("pixelDifference", () => {
  it("finds the changed pixels, their share and their bounding box", () => {
    const before = image(10, 8, white);
    const after = image(10, 8, (x, y) => (x >= 2 && x < 5 && y >= 3 && y < 5 ? [255, 0, 0, 255] : white()));
    expect(pixelDifference(before, after)).toEqual({
      width: 10,
      height: 8,
      changed: 6,
      share: 6 / 80,
      box: { x: 2, y: 3, width: 3, height: 2 },
    });
  });

  it("reports no change for equal images, and treats transparent pixels of any colour as equal", () => {
    expect(pixelDifference(image(3, 3, white), image(3, 3, white))).toMatchObject({ changed: 0, share: 0, box: null });
    expect(
      pixelDifference(
        image(2, 2, () => [1, 2, 3, 0]),
        image(2, 2, () => [9, 9, 9, 0]),
      ).changed,
    ).toBe(0);
  });

  it("counts the pixels only the larger image has as changed", () => {
    const d = pixelDifference(image(2, 2, white), image(4, 2, white));
    expect(d).toMatchObject({ width: 4, height: 2, changed: 4, box: { x: 2, y: 0, width: 2, height: 2 } });
  });
});

describe("pixelDifference on a photo-sized image", () => {
  it("finds the one changed pixel of 12 megapixels, with its box", () => {
    const width = 4000;
    const height = 3000;
    const a = new Uint8ClampedArray(width * height * 4).fill(255);
    const b = new Uint8ClampedArray(a);
    b[(1500 * width + 2000) * 4] = 0;
    const d = pixelDifference({ width, height, data: a }, { width, height, data: b });
    expect(d).toMatchObject({ changed: 1, box: { x: 2000, y: 1500, width: 1, height: 1 } });
  });
});
