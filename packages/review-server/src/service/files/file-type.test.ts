import { describe, expect, it } from "vitest";
import { fileType } from "./file-type.js";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("fileType", () => {
  it("knows the images a browser shows by their first bytes", () => {
    expect(fileType("a", bytes([0x89], "PNG\r\n", [0x1a, 0x0a, 0, 0])).label).toBe("PNG");
    expect(fileType("a", bytes([0xff, 0xd8, 0xff, 0xe0])).label).toBe("JPEG");
    expect(fileType("a", bytes("GIF89a", [1, 0, 1, 0]))).toEqual({ mime: "image/gif", label: "GIF", image: true });
    expect(fileType("a", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ")).label).toBe("WebP");
    expect(fileType("a", bytes("BM", new Array(40).fill(0))).label).toBe("BMP");
  });

  it("takes SVG from its name and root element only, and never an image for its name alone", () => {
    expect(fileType("icon.svg", bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')).mime).toBe(
      "image/svg+xml",
    );
    expect(fileType("icon.txt", bytes("<svg></svg>")).image).toBe(false);
    expect(fileType("fake.png", bytes("<html><script>alert(1)</script>"))).toEqual({
      mime: "application/octet-stream",
      label: "binary",
      image: false,
    });
  });

  it("names a few other binaries", () => {
    expect(fileType("a", bytes("%PDF-1.7")).label).toBe("PDF");
    expect(fileType("a", bytes("PK", [3, 4])).label).toBe("ZIP");
  });
});
