import { gunzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { createSharedBodies } from "./shared-read.js";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test("one listing version is serialized and gzipped once for all its readers; a new version gets a new body", async () => {
  const bodies = createSharedBodies();
  let serialized = 0;
  const serialize = (value: object[]) => () => {
    serialized++;
    return JSON.stringify({ threads: value });
  };
  const answer = [{ id: "thr_1" }];
  const first = bodies.of(1, serialize(answer));
  const second = bodies.of(1, serialize(answer));
  expect(second).toBe(first);
  expect(await first.gzipped()).toBe(await second.gzipped());
  expect(JSON.parse(gunzipSync(await first.gzipped()).toString("utf8"))).toEqual({ threads: [{ id: "thr_1" }] });
  expect(serialized).toBe(1);

  const next = [{ id: "thr_1" }, { id: "thr_2" }];
  expect(text(bodies.of(2, serialize(next)).bytes())).toBe('{"threads":[{"id":"thr_1"},{"id":"thr_2"}]}');
  expect(serialized).toBe(2);
});

test("an answer without a version is serialized for each reader, never handed to another", () => {
  const bodies = createSharedBodies();
  expect(text(bodies.of(null, () => '{"threads":["a"]}').bytes())).toBe('{"threads":["a"]}');
  expect(text(bodies.of(null, () => '{"threads":["b"]}').bytes())).toBe('{"threads":["b"]}');
});
