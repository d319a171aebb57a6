import { gunzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { createSharedBodies, serializeThreads, threadsJsonBytes } from "./shared-read.js";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test("one answer object is serialized and gzipped once for all its readers; a new answer gets a new body", async () => {
  const bodies = createSharedBodies();
  let serialized = 0;
  const answer = [{ id: "thr_1" }];
  const serialize = (value: object[]) => () => {
    serialized++;
    return { bytes: () => threadsJsonBytes(value) };
  };
  const first = bodies.of(answer, serialize(answer));
  const second = bodies.of(answer, serialize(answer));
  expect(second).toBe(first);
  expect(await first.gzipped()).toBe(await second.gzipped());
  expect(JSON.parse(gunzipSync(await first.gzipped()).toString("utf8"))).toEqual({ threads: [{ id: "thr_1" }] });
  expect(serialized).toBe(1);

  const next = [{ id: "thr_1" }, { id: "thr_2" }];
  expect(text(bodies.of(next, serialize(next)).bytes())).toBe('{"threads":[{"id":"thr_1"},{"id":"thr_2"}]}');
  expect(serialized).toBe(2);
});

test("a listing's bytes read exactly as JSON.stringify({ threads }), for any threads and characters, kept or not", () => {
  const threads = [
    { id: "thr_1", body: "naïve → “quoted” 🙂", lines: ["\ttab", "back\\slash", 'a "quote"'] },
    { id: "thr_2", messages: [], anchor: { state: "moved", start: 3, end: 4 } },
    { id: "thr_3", empty: "", nothing: null },
  ];
  expect(text(threadsJsonBytes(threads))).toBe(JSON.stringify({ threads }));
  // Again with the same objects (their encoded JSON kept), with one replaced, and with none.
  expect(text(threadsJsonBytes(threads))).toBe(JSON.stringify({ threads }));
  const patched = [threads[0]!, { id: "thr_2", messages: [{ body: "new" }] }, threads[2]!];
  expect(text(threadsJsonBytes(patched))).toBe(JSON.stringify({ threads: patched }));
  expect(text(threadsJsonBytes([]))).toBe('{"threads":[]}');
});

test("a listing's gzip, put together from each thread's own deflated JSON, gunzips to exactly its bytes", async () => {
  const threads = Array.from({ length: 100 }, (_, i) => ({ id: `thr_${i}`, body: `Why ${"double ".repeat(i)}this? naïve → 🙂`, lines: [i, i + 1] }));
  const bodies = createSharedBodies();
  const body = bodies.of(threads, () => serializeThreads(threads));
  const zipped = await body.gzipped();
  expect(gunzipSync(zipped).equals(Buffer.from(body.bytes()))).toBe(true);
  expect(JSON.parse(gunzipSync(zipped).toString("utf8"))).toEqual({ threads });
  // Patched (threads replaced, removed, added; runs reused or not): still exactly the new bytes.
  for (const patched of [
    threads.map((t, i) => (i === 7 || i === 70 ? { ...t, body: "changed" } : t)),
    threads.filter((_, i) => i !== 3),
    [{ id: "new" }, ...threads],
    threads.slice(0, 33),
  ]) {
    const again = bodies.of(patched, () => serializeThreads(patched));
    expect(JSON.parse(gunzipSync(await again.gzipped()).toString("utf8"))).toEqual({ threads: patched });
  }
  // Empty listings too.
  expect(gunzipSync(await bodies.of([], () => serializeThreads([])).gzipped()).toString("utf8")).toBe('{"threads":[]}');
});
