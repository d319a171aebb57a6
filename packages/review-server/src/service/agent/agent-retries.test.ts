import { describe, expect, test } from "vitest";
import { AgentRetries, RETRY_WINDOW_MS } from "./agent-retries.js";

/** A counter of stored writes behind `once`, and a clock the test moves. */
function harness() {
  let now = 1_000_000;
  const retries = new AgentRetries(() => now);
  let stored = 0;
  const write = (key: string, turn: string, session = "s") =>
    retries.once([key], { session, turn }, async () => ++stored);
  return { retries, write, stored: () => stored, advance: (ms: number) => (now += ms) };
}

describe("AgentRetries", () => {
  test("the same call in the same turn is the first, however late in the window and whatever came between", async () => {
    const h = harness();
    expect(await h.write("a", "t1")).toBe(1);
    h.retries.sawCall("s");
    h.advance(RETRY_WINDOW_MS - 1);
    expect(await h.write("a", "t1")).toBe(1);
    expect(h.stored()).toBe(1);
  });

  test("in another turn it is a retry only within the window and with nothing between", async () => {
    const h = harness();
    await h.write("a", "t1");
    h.advance(RETRY_WINDOW_MS - 1);
    expect(await h.write("a", "t2")).toBe(1);
    h.advance(RETRY_WINDOW_MS);
    expect(await h.write("a", "t3")).toBe(2);
    h.retries.sawCall("s");
    expect(await h.write("a", "t4")).toBe(3);
    // Another session's calls do not count between this session's.
    h.retries.sawCall("other");
    expect(await h.write("a", "t5")).toBe(3);
  });

  test("another write between two equal ones makes the second a new write", async () => {
    const h = harness();
    await h.write("a", "t1");
    await h.write("b", "t2");
    expect(await h.write("a", "t3")).toBe(3);
  });
});
