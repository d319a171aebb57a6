// What the terminal panel needs from the review, as a small interface it is handed: the server package
// builds it over the same service the agent's tools use (store, git, core), so this folder never reaches
// for a database or git itself and the dependency runs one way.
import type { ImageDifference } from "@opencode-review/core";
import type { DiffFile, DiffRange, Outcome, ReviewClient, ServerEvent } from "../state/review-client.js";
import type { BinarySideFacts } from "../state/diff/binary-summary.js";
import type { UnsentStorage } from "../state/conversation/unsent-text.js";
import type { BranchInfo } from "../state/branches/branches.js";

/** One side of a changed binary file as the backend read it, without decoding it. */
export interface BinarySide extends BinarySideFacts {
  readonly image: boolean;
  /** Why this side's pixels are not compared, in a few words, when they are not. */
  readonly undecoded?: string;
}

/** The share of pixels changed between an image's two versions, or why it was not computed. */
export type ImageComparison =
  | { readonly state: "compared"; readonly difference: ImageDifference }
  | { readonly state: "not-compared"; readonly why: string };

/** A binary file's two sides, and the comparison of their pixels while it runs off the terminal's thread (null: none is made). */
export interface BinaryVersions {
  readonly before: BinarySide | null;
  readonly after: BinarySide | null;
  readonly comparison: Promise<ImageComparison> | null;
}

/**
 * The terminal half's client: the port both panels share (`ReviewClient`, every answer an `Outcome`), built
 * in-process over the service, and what only a terminal has. Those stay here rather than as optional
 * members of the port: the web cannot watch the work tree or open a browser, and the web's token and event
 * stream reconnects have no meaning in-process, so no slice built on the port ever asks for them.
 * Live changes (`events`) are the store's change log read every second: another process has no bus here.
 */
export interface ReviewBackend extends ReviewClient {
  /** The repository's work tree and branch, for the header. */
  readonly where: { readonly workTree: string; readonly branch: string };
  /**
   * Both sides of a binary file over the range (an added file has no before, a deleted one no after), read
   * at once; the pixel comparison comes later, decoded where it cannot hold up a key press.
   */
  binaryVersions(file: DiffFile, range: DiffRange): Promise<Outcome<BinaryVersions>>;
  /**
   * Where comment text not yet saved is kept, as the web panel keeps it in localStorage: it outlives the
   * view and opencode itself. Null: kept in memory only.
   */
  readonly unsentStorage: UnsentStorage | null;
  /**
   * One read of the store's change log: what anyone wrote since the last read, as live events (`events`
   * reads it every second; reading it directly is for a caller that must know it has caught up).
   */
  readChanges(): Promise<Outcome<readonly ServerEvent[]>>;
  /** A session appeared: the releases that wait for one go to it (the ids it took). */
  deliverWaiting(sessionId: string): Promise<Outcome<readonly string[]>>;
  /**
   * The line an MCP server's panel shows while a release it made waits for its agent's next turn (that
   * agent's chat cannot be pushed to), or null when nothing waits that way.
   */
  waitingForTurn(): Promise<Outcome<string | null>>;
  /** Watches the work tree while the view is open: `onChange` gets the paths the agent (or anyone) wrote; returns the stop. */
  watchWorktree(onChange: (paths: readonly string[]) => void): () => void;
  /** The web panel's link for the same review, with its token, or null when no panel runs for this repository. */
  panelUrl(): Promise<Outcome<string | null>>;
  /**
   * The link of the panel the server half in this same opencode serves, or null: none loaded, or not up yet.
   * The terminal half shows it at start: opencode does not show the toast the server half sends as it starts.
   */
  ownPanelUrl(): Promise<string | null>;
  /** Opens a link in the person's browser where one can be opened (never waited for), or says why not. */
  openInBrowser(url: string): Promise<{ readonly opened: true } | { readonly opened: false; readonly reason: string }>;
  /** Every branch of the repository with a review or a changed work tree, what waits on the person first (`B`). */
  branches(): Promise<Outcome<{ readonly branches: readonly BranchInfo[] }>>;
  /**
   * The review of another branch, for the same view: its work tree, threads and rounds; a release goes to
   * the agent working there. The server's own branch answers this backend itself.
   */
  forBranch(branch: string): Promise<Outcome<ReviewBackend>>;
  close(): Promise<void>;
}

/** Opens the backend for a folder, or says in one line why there is no review there. */
export type OpenBackend = (dir: string) => Promise<ReviewBackend>;
