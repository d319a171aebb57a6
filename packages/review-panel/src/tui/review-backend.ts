// What the terminal panel needs from the review, as a small interface it is handed: the server package
// builds it over the same service the agent's tools use (store, git, core), so this folder never reaches
// for a database or git itself and the dependency runs one way.
import type { ImageDifference } from "@opencode-review/core";
import type { RunModels } from "./run-model-pick.js";
import type { DiffFile, DiffRange, Finding, Run, Finish, MessageInput, NewThread, ParentBranch, PastReview, Round, Thread } from "../api.js";
import type { BinarySideFacts } from "../state/binary-summary.js";
import type { ForgeQueueSource } from "../state/forge-queue.js";
import type { UnsentStorage } from "../state/unsent-text.js";

export interface TuiRelease {
  readonly messages: number;
  readonly mode: "tools" | "prose";
  readonly deliveredTo: string | null;
  /** True when it went to an MCP client's agent, which reads it at its next turn (it waits, pending, till then). */
  readonly waitsForAgentTurn?: boolean;
  /** True when no session was open to take it: it waits, pending, and goes to the next session that appears. */
  readonly waitsForSession?: boolean;
  /** Set when it went to the branch's pull request as a review (`finish.pr`): the review's address there. */
  readonly pullRequest?: { readonly url: string };
}

/** One side of a changed binary file as the backend read it, without decoding it. */
export interface BinarySide extends BinarySideFacts {
  readonly image: boolean;
  /** Why this side's pixels are not compared, in a few words, when they are not. */
  readonly undecoded?: string;
}

/** The share of pixels changed between an image's two versions, or why it was not computed. */
export type ImageComparison = { readonly state: "compared"; readonly difference: ImageDifference } | { readonly state: "not-compared"; readonly why: string };

/** A binary file's two sides, and the comparison of their pixels while it runs off the terminal's thread (null: none is made). */
export interface BinaryVersions {
  readonly before: BinarySide | null;
  readonly after: BinarySide | null;
  readonly comparison: Promise<ImageComparison> | null;
}

/** The terminal's way to the review; the forge's Send list reads and writes through `ForgeQueueSource`'s three calls. */
export interface ReviewBackend extends ForgeQueueSource {
  /** The repository's work tree and branch, for the header. */
  readonly where: { readonly workTree: string; readonly branch: string };
  diff(range: DiffRange): Promise<readonly DiffFile[]>;
  /** One file's whole diff although it is over the per-file limits (up to the service's ceiling), or null when it is not in the diff. */
  fullDiff(range: DiffRange, path: string): Promise<DiffFile | null>;
  /**
   * A text file's whole text at the range's end (`worktree`, `base`, a round id, `branch:<name>`), so the view
   * knows how many lines follow the last hunk; refused for a binary or missing file.
   */
  fileText(ref: string, path: string): Promise<string>;
  /**
   * Both sides of a binary file over the range (an added file has no before, a deleted one no after), read
   * at once; the pixel comparison comes later, decoded where it cannot hold up a key press.
   */
  binaryVersions(file: DiffFile, range: DiffRange): Promise<BinaryVersions>;
  /**
   * Where comment text not yet saved is kept, as the web panel keeps it in localStorage: it outlives the
   * view and opencode itself. Null: kept in memory only.
   */
  readonly unsentStorage: UnsentStorage | null;
  /** Every thread of the branch as the person sees it (drafts and resolved ones included). */
  threads(): Promise<readonly Thread[]>;
  rounds(): Promise<readonly Round[]>;
  takeRound(): Promise<Round>;
  /** The parent branches the change can be measured against, nearest first, and the base picked for this branch (kept in the store, shared with the web panel). */
  bases(): Promise<{ readonly branches: readonly ParentBranch[]; readonly picked: string | null }>;
  /** Keeps `branch:<name>` as this branch's base, or forgets the pick (`null`), as the web panel's base picker does. */
  pickBase(from: string | null): Promise<void>;
  draftThread(input: NewThread): Promise<Thread>;
  draftReply(threadId: string, input: MessageInput): Promise<Thread>;
  editDraft(messageId: string, input: MessageInput): Promise<Thread>;
  deleteDraft(messageId: string): Promise<void>;
  resolve(threadId: string): Promise<Thread>;
  reopen(threadId: string): Promise<Thread>;
  seen(threadId: string): Promise<Thread>;
  /**
   * Releases the drafts to `sessionId` (null: the latest session); the notice or the prose is chosen by the
   * backend. With `finish.pr` they go to the branch's pull request as a review instead.
   */
  release(sessionId: string | null, finish?: Finish): Promise<TuiRelease>;
  /** Every past release, newest first, with its delivery (a failed one says why). */
  reviews(): Promise<readonly PastReview[]>;
  /** Tries a release's delivery again, to `sessionId` (the session the view names; null: where a release would go now). */
  retryDelivery(reviewId: string, sessionId?: string | null): Promise<PastReview>;
  /** A session appeared: the releases that wait for one go to it (the ids it took). */
  deliverWaiting(sessionId: string): Promise<readonly string[]>;
  dismissDelivery(reviewId: string): Promise<PastReview>;
  /**
   * The line an MCP server's panel shows while a release it made waits for its agent's next turn (that
   * agent's chat cannot be pushed to), or null when nothing waits that way.
   */
  waitingForTurn(): Promise<string | null>;
  /** The reviewer agents' released findings still open (accepted ones are the person's drafts). */
  findings(): Promise<readonly Finding[]>;
  /** Takes a finding: it becomes the person's draft on the same place. */
  acceptFinding(id: string): Promise<Thread>;
  dismissFinding(id: string): Promise<void>;
  /** The files marked viewed on the branch: `changed` once the file reads otherwise than when marked. */
  viewed(): Promise<readonly { readonly path: string; readonly state: "viewed" | "changed" }[]>;
  setViewed(path: string, viewed: boolean): Promise<void>;
  /** Starts an AI review run of `sessionId` through the server half (it refuses, saying so, without one). */
  startRun(sessionId: string | null, model?: string): Promise<Run>;
  /** The models a run can take and the configured one (the plugin's reviewer.model, else opencode's), from the server half. */
  runModels(): Promise<RunModels>;
  latestRun(): Promise<Run | null>;
  cancelRun(id: string): Promise<Run>;
  /**
   * What anyone wrote since the last call (the store's change logs): which kinds of things changed, and the
   * newest of the reviewer runs that changed (started, moved on, finished; from any process), or null.
   */
  changes(): Promise<{ readonly threads: boolean; readonly rounds: boolean; readonly run: Run | null; readonly viewed?: boolean; readonly bases?: boolean }>;
  /** Watches the work tree while the view is open: `onChange` gets the paths the agent (or anyone) wrote; returns the stop. */
  watchWorktree(onChange: (paths: readonly string[]) => void): () => void;
  /** The web panel's link for the same review, with its token, or null when no panel runs for this repository. */
  panelUrl(): Promise<string | null>;
  /**
   * The link of the panel the server half in this same opencode serves, or null: none loaded, or not up yet.
   * The terminal half shows it at start: opencode does not show the toast the server half sends as it starts.
   */
  ownPanelUrl(): Promise<string | null>;
  /** Opens a link in the person's browser where one can be opened (never waited for), or says why not. */
  openInBrowser(url: string): Promise<{ readonly opened: true } | { readonly opened: false; readonly reason: string }>;
  close(): Promise<void>;
}

/** Opens the backend for a folder, or says in one line why there is no review there. */
export type OpenBackend = (dir: string) => Promise<ReviewBackend>;
