import { expect, test } from "vitest";
import { createSharedBodies } from "./listing-bodies.js";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test("one listing version is serialized once for all its readers; a new version gets a new body", () => {
  const bodies = createSharedBodies();
  const first = bodies.of(1, [{ id: "thr_1" }]);
  const second = bodies.of(1, [{ id: "another array, the same version" }]);
  expect(second).toBe(first);
  expect(text(first)).toBe('{"threads":[{"id":"thr_1"}]}');
  expect(text(bodies.of(2, [{ id: "thr_1" }, { id: "thr_2" }]))).toBe('{"threads":[{"id":"thr_1"},{"id":"thr_2"}]}');
});

test("a listing without a version is serialized for its reader alone, never handed to another", () => {
  const bodies = createSharedBodies();
  expect(text(bodies.of(null, [{ id: "a" }]))).toBe('{"threads":[{"id":"a"}]}');
  expect(text(bodies.of(null, [{ id: "b" }]))).toBe('{"threads":[{"id":"b"}]}');
});

test("a listing's bytes read exactly as JSON.stringify({ threads }), for any characters", () => {
  const threads = [{ id: "thr_1", body: "naïve → “quoted” 🙂", lines: ["\ttab", "back\\slash", 'a "quote"'] }];
  expect(text(createSharedBodies().of(1, threads))).toBe(JSON.stringify({ threads }));
});
