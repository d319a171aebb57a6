import type { Kysely } from "kysely";
import type { EventBus } from "../events/event-bus.js";
import type { Repository } from "../git/index.js";
import type { Database } from "../store/index.js";
import type { PageListings } from "./agent/page-listings.js";
import type { RoundFileMemo } from "./rounds/round-file-memo.js";
import type { AnchorMemo } from "./threads/anchor-memo.js";
import type { CommitFileCache } from "./files/commit-file-cache.js";

/** How a released review reaches the agent: a short notice when it has the tools, the whole review as prose when not. */
export interface ReleaseDelivery {
  readonly mode: "tools" | "prose";
  /**
   * Sends `text` into an agent session (queued by opencode while the session is busy). Resolves with the
   * session it went to, or null when there is nowhere to send it (no session known, or a standalone server).
   */
  deliver(input: {
    readonly sessionId: string | null;
    readonly text: string;
  }): Promise<{ readonly sessionId: string } | null>;
  /**
   * True when `deliver` reaches only the sessions of this process (the plugin's opencode client): a release
   * then goes to the latest session this service saw, never to one another opencode process on the same
   * repository saw later (the message would run there in the wrong process, or not at all).
   */
  readonly ownSessionsOnly?: boolean;
  /**
   * Where a release would go now, for a doorbell that picks the session itself rather than from the
   * sessions recorded on the repository (`serve`: its opencode server's newest session, or none without one).
   */
  target?(): Promise<{ readonly id: string; readonly title: string } | null>;
  /**
   * True when nothing is pushed into a chat and the agent reads a release at its next turn (an MCP
   * client, rung by its Stop hook): the pending review then says what still waits for that turn.
   */
  readonly waitsForAgentTurn?: boolean;
  /**
   * True when nobody is on the other end (`serve` without `--opencode`, the demo): a release is the prose the
   * panel shows to copy, and it is never sent, now or later (no later session picks it up, and it does not
   * wait as if one would).
   */
  readonly noAgent?: boolean;
  /**
   * The work tree whose agent a release goes to when this process cannot reach it (a panel opened on
   * another branch): the release waits in the store, and a process working there delivers it.
   */
  readonly handsOffTo?: string;
}

/** What every service operation works with; built once at the composition root. */
export interface ServiceContext {
  /** The repository as it is now: re-read when HEAD moves, so a branch switch shows that branch's threads. */
  readonly repository: () => Promise<Repository>;
  readonly db: Kysely<Database>;
  readonly bus: EventBus;
  readonly delivery: ReleaseDelivery;
  /** ISO 8601 time of "now"; injected so tests can order events. */
  readonly now: () => string;
  /** This service's own id (one per process), recorded with the sessions it sees. */
  readonly instanceId: string;
  /** Anchors located so far, reused while their file and place are unchanged (listings, replies, the agent's list). */
  readonly anchors: AnchorMemo;
  /** The agent's listings that review_list cursors continue (see PageListings). */
  readonly pages: PageListings;
  /** Files' texts and diff at rounds, read once for the anchors of new threads on them. */
  readonly roundFiles: RoundFileMemo;
  /** Files' texts at commits, kept across operations when the composition root made one (see ServiceCaches). */
  readonly commitFiles?: CommitFileCache;
}
