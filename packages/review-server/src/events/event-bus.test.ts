import { describe, expect, it } from "vitest";
import { currentBranchScope, inBranchScope, type BranchScope } from "../service/branches/branch-scope.js";
import { createEventBus, type EventFeed } from "./event-bus.js";
import type { ReviewEvent, RoundInfo } from "./review-event.js";

const round = (ordinal: number): RoundInfo => ({
  id: `r${ordinal}`,
  ordinal,
  base: "b".repeat(40),
  snapshot: "s".repeat(40),
  createdAt: "2025-01-01T00:00:00.000Z",
});

describe("createEventBus", () => {
  it("hands each published event to every listener, in order", () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.subscribe((event) => seen.push(`a:${event.type}`));
    bus.subscribe((event) => seen.push(`b:${event.type}`));
    bus.publish({ type: "round", round: round(1) });
    expect(seen).toEqual(["a:round", "b:round"]);
  });

  it("stops delivering after unsubscribe, and a second unsubscribe changes nothing", () => {
    const bus = createEventBus();
    const seen: ReviewEvent[] = [];
    const stop = bus.subscribe((event) => seen.push(event));
    const keep = bus.subscribe(() => {});
    stop();
    stop();
    bus.publish({ type: "round", round: round(1) });
    expect(seen).toEqual([]);
    expect(bus.listenerCount()).toBe(1);
    keep();
    expect(bus.listenerCount()).toBe(0);
  });

  it("keeps delivering to the others when one listener throws, and reports the throw", () => {
    const errors: unknown[] = [];
    const bus = createEventBus({ onListenerError: (error) => errors.push(error) });
    const seen: number[] = [];
    bus.subscribe(() => {
      throw new Error("listener broke");
    });
    bus.subscribe((event) => seen.push(event.type === "round" ? event.round.ordinal : -1));
    bus.publish({ type: "round", round: round(2) });
    expect(seen).toEqual([2]);
    expect(errors).toHaveLength(1);
  });

  it("runs feeds only while someone listens, and passes their events on", () => {
    const log: string[] = [];
    let feedPublish: ((event: ReviewEvent) => void) | null = null;
    const feed: EventFeed = {
      start(publish) {
        log.push("start");
        feedPublish = publish;
        return () => {
          log.push("stop");
          feedPublish = null;
        };
      },
    };
    const bus = createEventBus({ feeds: [feed] });
    expect(log).toEqual([]);
    const seen: ReviewEvent[] = [];
    const first = bus.subscribe((event) => seen.push(event));
    const second = bus.subscribe(() => {});
    expect(log).toEqual(["start"]);
    feedPublish!({ type: "round", round: round(3) });
    expect(seen).toEqual([{ type: "round", round: round(3) }]);
    first();
    expect(log).toEqual(["start"]);
    second();
    expect(log).toEqual(["start", "stop"]);
    bus.subscribe(() => {});
    expect(log).toEqual(["start", "stop", "start"]);
  });

  it("runs a branch feed once per branch heard, in that branch's scope, and its events reach that branch's listeners only", () => {
    const log: string[] = [];
    const publishers = new Map<string, (event: ReviewEvent) => void>();
    const feed: EventFeed = {
      start(publish) {
        const branch = currentBranchScope()?.branch ?? "own";
        log.push(`start ${branch}`);
        // As a timer's callback would: the scope the feed started in is the one it publishes in.
        publishers.set(branch, (event) => {
          const scope = currentBranchScope();
          return scope === undefined ? publish(event) : inBranchScope(scope, () => publish(event));
        });
        return () => log.push(`stop ${branch}`);
      },
    };
    const bus = createEventBus({ branchFeeds: [feed] });
    const scopeB: BranchScope = { branch: "agent-b", worktree: "/b", repository: async () => ({}) as never };
    const own: ReviewEvent[] = [];
    const onB: ReviewEvent[] = [];
    const stopOwn = bus.subscribe((event) => own.push(event));
    const stopB1 = inBranchScope(scopeB, () => bus.subscribe((event) => onB.push(event)));
    const stopB2 = inBranchScope(scopeB, () => bus.subscribe(() => {}));
    expect(log).toEqual(["start own", "start agent-b"]);
    inBranchScope(scopeB, () => publishers.get("agent-b")!({ type: "round", round: round(7) }));
    publishers.get("own")!({ type: "round", round: round(1) });
    expect(onB).toEqual([{ type: "round", round: round(7) }]);
    expect(own).toEqual([{ type: "round", round: round(1) }]);
    stopB1();
    expect(log).toEqual(["start own", "start agent-b"]);
    stopB2();
    expect(log).toEqual(["start own", "start agent-b", "stop agent-b"]);
    stopOwn();
    expect(log).toEqual(["start own", "start agent-b", "stop agent-b", "stop own"]);
  });
});
