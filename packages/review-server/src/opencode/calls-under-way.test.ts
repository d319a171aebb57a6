import type { ToolDefinition } from "@opencode-ai/plugin";
import { describe, expect, test } from "vitest";
import { CallsUnderWay } from "./calls-under-way.js";

/** A tool whose calls end when the test says so. */
function heldTool() {
  const ends: (() => void)[] = [];
  const tool = {
    description: "held",
    args: {},
    execute: () => new Promise<string>((resolve) => ends.push(() => resolve("done"))),
  } as unknown as ToolDefinition;
  return {
    tool,
    endAll: () => {
      for (const end of ends.splice(0)) end();
    },
  };
}

const context = {} as Parameters<ToolDefinition["execute"]>[1];
const settledWithin = (calls: CallsUnderWay, ms: number) =>
  Promise.race([
    calls.settled().then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe("CallsUnderWay", () => {
  test("with no call under way it is settled at once; with one, once that call has answered", async () => {
    const calls = new CallsUnderWay();
    expect(await settledWithin(calls, 50)).toBe(true);
    const held = heldTool();
    const tools = calls.counted({ held: held.tool });
    const first = tools.held!.execute({}, context);
    const second = tools.held!.execute({}, context);
    expect(await settledWithin(calls, 200)).toBe(false);
    held.endAll();
    expect(await Promise.all([first, second])).toEqual(["done", "done"]);
    expect(await settledWithin(calls, 50)).toBe(true);
  });

  test("a call that fails counts as ended, and one that never ends holds it two seconds at most", async () => {
    const calls = new CallsUnderWay();
    const failing = {
      description: "x",
      args: {},
      execute: async () => Promise.reject(new Error("boom")),
    } as unknown as ToolDefinition;
    await expect(calls.counted({ failing }).failing!.execute({}, context)).rejects.toThrow("boom");
    expect(await settledWithin(calls, 50)).toBe(true);
    const held = heldTool();
    let answered = false;
    void calls
      .counted({ held: held.tool })
      .held!.execute({}, context)
      .then(() => (answered = true));
    expect(await settledWithin(calls, 10_000)).toBe(true);
    expect(answered).toBe(false);
    held.endAll();
  });
});
