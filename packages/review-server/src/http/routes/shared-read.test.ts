import { gunzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { createSharedBodies } from "./shared-read.js";

test("one answer object is serialized and gzipped once for all its readers; a new answer gets a new body", async () => {
  const bodies = createSharedBodies();
  let serialized = 0;
  const answer = [{ id: "thr_1" }];
  const serialize = (value: unknown) => () => {
    serialized++;
    return JSON.stringify({ threads: value });
  };
  const first = bodies.of(answer, serialize(answer));
  const second = bodies.of(answer, serialize(answer));
  expect(second).toBe(first);
  expect(await first.gzipped()).toBe(await second.gzipped());
  expect(JSON.parse(gunzipSync(await first.gzipped()).toString("utf8"))).toEqual({ threads: [{ id: "thr_1" }] });
  expect(serialized).toBe(1);

  const next = [{ id: "thr_1" }, { id: "thr_2" }];
  expect(bodies.of(next, serialize(next)).text).toBe('{"threads":[{"id":"thr_1"},{"id":"thr_2"}]}');
  expect(serialized).toBe(2);
});
