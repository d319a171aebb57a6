import * as zlib from "node:zlib";
import { expect, test } from "vitest";
import { crc32Combine } from "./crc32-combine.js";

const crc32 = (zlib as unknown as { crc32: (data: Uint8Array, value?: number) => number }).crc32;

test("the CRC-32 of two texts end to end equals zlib's over their concatenation, for any lengths", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
  const lengths = [0, 1, 2, 3, 4, 7, 8, 31, 32, 33, 255, 256, 1000, 4096, 65_537, 300_000];
  for (const lengthA of lengths) {
    for (const lengthB of lengths) {
      const a = bytes(lengthA);
      const b = bytes(lengthB);
      expect(crc32Combine(crc32(a), crc32(b), b.length), `${lengthA} + ${lengthB}`).toBe(crc32(Buffer.concat([a, b])));
    }
  }
});
