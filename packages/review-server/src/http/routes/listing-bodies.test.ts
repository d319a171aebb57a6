import { gunzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { createSharedBodies } from "./listing-bodies.js";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test("one listing version is serialized and gzipped once for all its readers; a new version gets a new body", async () => {
  const bodies = createSharedBodies();
  const answer = [{ id: "thr_1" }];
  const first = bodies.of(1, answer);
  const second = bodies.of(1, [{ id: "another array, the same version" }]);
  expect(second).toBe(first);
  expect(await first.gzipped()).toBe(await second.gzipped());
  expect(JSON.parse(gunzipSync(await first.gzipped()).toString("utf8"))).toEqual({ threads: [{ id: "thr_1" }] });

  const next = [{ id: "thr_1" }, { id: "thr_2" }];
  expect(text(bodies.of(2, next).bytes())).toBe('{"threads":[{"id":"thr_1"},{"id":"thr_2"}]}');
});

test("a listing without a version is serialized for its reader alone, never handed to another", () => {
  const bodies = createSharedBodies();
  expect(text(bodies.of(null, [{ id: "a" }]).bytes())).toBe('{"threads":[{"id":"a"}]}');
  expect(text(bodies.of(null, [{ id: "b" }]).bytes())).toBe('{"threads":[{"id":"b"}]}');
});

test("a listing's bytes read exactly as JSON.stringify({ threads }), for any threads and characters, kept or not", () => {
  const bodies = createSharedBodies();
  const threads = [
    { id: "thr_1", body: "naïve → “quoted” 🙂", lines: ["\ttab", "back\\slash", 'a "quote"'] },
    { id: "thr_2", messages: [], anchor: { state: "moved", start: 3, end: 4 } },
    { id: "thr_3", empty: "", nothing: null },
  ];
  expect(text(bodies.of(1, threads).bytes())).toBe(JSON.stringify({ threads }));
  // Again with the same objects (their encoded JSON kept), with one replaced, and with none.
  expect(text(bodies.of(2, threads).bytes())).toBe(JSON.stringify({ threads }));
  const patched = [threads[0]!, { id: "thr_2", messages: [{ body: "new" }] }, threads[2]!];
  expect(text(bodies.of(3, patched).bytes())).toBe(JSON.stringify({ threads: patched }));
  expect(text(bodies.of(4, []).bytes())).toBe('{"threads":[]}');
});

test("a listing's gzip, put together from each thread's own deflated JSON, gunzips to exactly its bytes", async () => {
  const threads = Array.from({ length: 100 }, (_, i) => ({
    id: `thr_${i}`,
    body: `Why ${"double ".repeat(i)}this? naïve → 🙂`,
    lines: [i, i + 1],
  }));
  const bodies = createSharedBodies();
  const body = bodies.of(1, threads);
  const zipped = await body.gzipped();
  expect(gunzipSync(zipped).equals(Buffer.from(body.bytes()))).toBe(true);
  expect(JSON.parse(gunzipSync(zipped).toString("utf8"))).toEqual({ threads });
  // Patched (threads replaced, removed, added; runs reused or not): still exactly the new bytes.
  let version = 1;
  for (const patched of [
    threads.map((t, i) => (i === 7 || i === 70 ? { ...t, body: "changed" } : t)),
    threads.filter((_, i) => i !== 3),
    [{ id: "new" }, ...threads],
    threads.slice(0, 33),
  ]) {
    const again = bodies.of(++version, patched);
    expect(JSON.parse(gunzipSync(await again.gzipped()).toString("utf8"))).toEqual({ threads: patched });
  }
  // Empty listings too.
  expect(gunzipSync(await bodies.of(++version, []).gzipped()).toString("utf8")).toBe('{"threads":[]}');
});
