import { describe, expect, it } from "vitest";
import { byteSize } from "./byte-size.js";

describe("byteSize", () => {
  it("reads as B, KB or MB", () => {
    expect([byteSize(900), byteSize(12_288), byteSize(3 * 1024 * 1024)]).toEqual(["900 B", "12 KB", "3.0 MB"]);
  });
});
