import fc from "fast-check";
import { expect, test } from "vitest";
import { utf8Length } from "./utf8-length.js";

// The reference: the platform's encoder (core's types leave out DOM and Node, so it is declared here).
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const encoder = new TextEncoder();

test("counts UTF-8 bytes as an encoder writes them: ASCII, two-, three- and four-byte characters", () => {
  expect(utf8Length("")).toBe(0);
  expect(utf8Length("const a = 1;")).toBe(12);
  expect(utf8Length("é")).toBe(2);
  expect(utf8Length("→ ok")).toBe(6);
  expect(utf8Length("😀")).toBe(4);
  expect(utf8Length("a😀é→")).toBe(1 + 4 + 2 + 3);
});

test("a lone surrogate counts as the replacement character it is written as", () => {
  expect(utf8Length("\ud800")).toBe(encoder.encode("\ud800").length);
  expect(utf8Length("x\udc00y")).toBe(encoder.encode("x\udc00y").length);
});

test("agrees with TextEncoder on any string", () => {
  fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => utf8Length(text) === encoder.encode(text).length));
  fc.assert(fc.property(fc.string({ unit: "grapheme" }), (text) => utf8Length(text) === encoder.encode(text).length));
});
