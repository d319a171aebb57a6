// The review panel's one port: every read, write and live event the web panel and the terminal half make,
// and the data they carry. The web's adapter is HTTP (`../api.ts`); the terminal's is in-process over the
// service (`opencode-review`'s `tui/open-tui-backend.ts`). Both answer `Outcome` values, never throw, so
// the state slices built over this port check a refusal the same way whichever panel they serve.
import type { FileDiff, Finding, Hunk, Message, Run, Thread, Tour } from "@opencode-review/core";
import type { RoundJson, TooLarge, ViewedFileJson } from "opencode-review/http";
import type { ForgeQueueSource } from "./conversation/forge-queue.js";
import type { BranchInfo } from "./branches/branches.js";

export type { Thread, Finding, Run, Severity, Tour, TourStep, UncoveredHunk } from "@opencode-review/core";

/** The models a review run can take, and the one it takes when none is picked; `available` false: no opencode behind this panel. */
export interface ReviewerModels {
  readonly models: readonly string[];
  readonly default: string | null;
  readonly available: boolean;
}

/** Why a file's hunks were held back by the server's per-file limits, and whether it can be loaded anyway. */
export type { TooLarge };

/**
 * A file of `GET /api/diff`, as the contract lists it (the server may send more fields); `newLineCount`
 * is the file's length at the diff's end, so context is never offered past it.
 */
export type DiffFile = Pick<FileDiff, "path" | "oldPath" | "status" | "binary"> & {
  /** Each hunk, `kept` when the person kept it (reviewed) and its text has not changed since. */
  readonly hunks: readonly (Hunk & { readonly kept?: true })[];
  readonly tooLarge?: TooLarge;
  readonly newLineCount?: number;
  /** The git blob id of the file in the work tree as read (null: gone), for an undo or keep to name. */
  readonly blob?: string | null;
  /** A file the diff does not change, opened whole (every line a context line) to read and comment on. */
  readonly unchanged?: true;
};

/** A change the person made to the work tree from the review (an undo, an applied suggestion). */
export interface Change {
  readonly id: string;
  readonly kind: "undo" | "apply";
  readonly file: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly at: string;
  readonly restoredAt: string | null;
}

/** What to undo: a file's lines in the shown diff (`start` absent: the whole file), read as `blob`. */
export interface UndoRequest {
  readonly file: string;
  readonly side?: "new" | "old";
  readonly start?: number;
  readonly end?: number;
  readonly blob: string | null;
  readonly from?: string;
}

export type Round = RoundJson;

/** A draft reply on a released thread, as `GET /api/review` lists it. */
export type DraftMessage = Message & { readonly threadId: string };

/** `GET /api/review`: the drafts a release would send, and the session it goes to. */
export interface ReviewSummary {
  readonly drafts: { readonly threads: readonly Thread[]; readonly messages: readonly DraftMessage[] };
  readonly session: { readonly id: string; readonly title: string } | null;
  /** Only from an MCP server: released comments no tool has read yet, with the line saying they wait for the agent's next turn. */
  readonly waiting?: { readonly messages: number; readonly files: readonly string[]; readonly text: string } | null;
}

export type Verdict = "comment" | "approve" | "changes";

/** Where a release's message to the agent is; a failed one is retried by the server and shown until dismissed. */
export interface Delivery {
  readonly state: "delivered" | "pending" | "failed";
  readonly error?: string;
  readonly to?: string;
  readonly attempts?: number;
  readonly dismissed?: boolean;
  /** Set while a release waits for a session to go to: the next one that appears gets it. */
  readonly waitsFor?: "session";
  /** With `waitsFor`: the work tree whose next session gets it. */
  readonly worktree?: string;
  /** Nobody was on the other end (`serve` without `--opencode`, the demo): the prose is to copy; nothing was sent. */
  readonly copyOnly?: true;
}

export interface Release {
  readonly id: string;
  readonly releasedAt: string;
  readonly messages: number;
  readonly mode: "tools" | "prose";
  readonly deliveredTo: string | null;
  readonly summary?: string | null;
  readonly verdict?: Verdict | null;
  readonly delivery?: Delivery;
  /** A release sent to the pull request as a review: its address there. */
  readonly pullRequest?: { readonly url: string };
}

/** A past release, as `GET /api/reviews` lists it. */
export interface PastReview extends Release {
  readonly prose: string | null;
  readonly delivery: Delivery;
}

/** The person's "Finish your review": an overall comment and a verdict, both optional. */
export interface Finish {
  readonly summary?: string;
  readonly verdict?: Verdict;
  /** To the branch's pull request as a review (`pr: true`), not to the agent. */
  readonly pr?: boolean;
}

export interface ReleaseResult {
  readonly review: Release;
  readonly prose?: string;
  /** Set when no session took it but an MCP client's agent works here: that agent reads it at its next turn. */
  readonly waitsForAgentTurn?: true;
}

/** Which diff beside the rounds and bases (`view=` of `GET /api/diff`). */
export type DiffViewName = "uncommitted" | "staged" | "since-review" | `commit:${string}`;

/**
 * `from` of a diff: the review's base or a round id; `to`: a round id or the work tree. With `view`, that
 * diff is shown instead (`from`/`to` then say where its texts, threads and viewed marks are read: the work
 * tree); `ignoreWhitespace` leaves out changes of whitespace alone.
 */
export type DiffRange = {
  readonly from: string;
  readonly to: string;
  readonly view?: DiffViewName;
  readonly ignoreWhitespace?: boolean;
};

/** A commit of the branch the picker offers (`GET /api/bases`'s `commits`). */
export interface BranchCommit {
  readonly sha: string;
  readonly subject: string;
}

/** Which text of a file to read: a round's id, `worktree`, or `base`. */
export type FileRef = string;

export type ThreadFilter = "waiting" | "all" | "draft";

/** A file's bytes at a ref, with the type the server found in them (`label`: "PNG", "PDF", "binary"). */
export interface FileBytes {
  readonly bytes: Uint8Array;
  readonly mime: string;
  readonly label: string;
}

/** A local branch HEAD descends from (`GET /api/bases`): `from=branch:<name>` diffs from `mergeBase`. */
export interface ParentBranch {
  readonly name: string;
  readonly mergeBase: string;
  readonly ahead: number;
}

/** A viewed mark: `changed` once the file reads otherwise than when it was marked (GET/POST /api/viewed). */
export type ViewedFile = ViewedFileJson;

export interface NewThread {
  readonly file: string;
  readonly side?: "new" | "old";
  readonly start?: number | null;
  readonly end?: number | null;
  readonly roundId?: string;
  readonly body: string;
  readonly suggestion?: readonly string[] | null;
}

export interface MessageInput {
  readonly body: string;
  readonly suggestion?: readonly string[] | null;
}

/**
 * A finding kept in the thread slice beside the threads (it lays out and re-anchors like one); its
 * `origin` ("reviewer") and `status` (open, accepted, dismissed, resolved) are read through `findingOf`.
 */
export function asThread(finding: Finding): Thread {
  return finding as unknown as Thread;
}

/** The finding a thread of the slice is, or null for a person's or agent's thread. */
export function findingOf(thread: Thread): Finding | null {
  return (thread.origin as string) === "reviewer" ? (thread as unknown as Finding) : null;
}

/** A refusal from the server, or a network failure (`status` 0), as a value the UI can show. */
export interface ApiError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  /** A refused restore's replaced text (`stale`), for the person to copy. */
  readonly kept?: string;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

/**
 * The event stream's connection as the panel shows it: `connecting` until the first answer, `open`, `lost`
 * (the server is gone: retried every few seconds), `refused` (it answers but not to this link's token).
 */
export type LiveState = "connecting" | "open" | "lost" | "refused";

/** A live change, as `GET /api/events` pushes it (the web) or the store's change log reads it (the terminal). */
export type ServerEvent =
  | { readonly type: "thread"; readonly thread: Thread }
  | { readonly type: "review"; readonly review: Release }
  | { readonly type: "round"; readonly round: Round }
  | { readonly type: "run"; readonly run: Run }
  // Files changed in the work tree (the agent wrote them): a diff that ends there is read again.
  | { readonly type: "worktree"; readonly paths: readonly string[] }
  // Another panel marked files viewed, or picked the diff's start: read them again.
  | { readonly type: "viewed" }
  | { readonly type: "base" }
  // Someone undid, applied or restored a change from the review: the change list is read again.
  | { readonly type: "change" }
  // A branch of the repository changed: its entry in the branch list.
  | { readonly type: "branch"; readonly branch: BranchInfo }

  // The agent left a new tour of its change.
  | { readonly type: "tour"; readonly tour: Tour };

/** A thread listing's filter: the statuses, one file, and `at` a round id for anchors as they were in that round. */
export interface ThreadQuery {
  readonly status?: ThreadFilter;
  readonly file?: string;
  readonly at?: string;
}

/**
 * What both panels ask of the review. An adapter answers each call with an `Outcome`: a refusal is a value
 * (`ApiError`, status as HTTP would give it, 0 when the review cannot be reached), never a throw.
 * What only one side has lives in its own extension (`WebClient` in `../api.ts`, `TerminalClient` in
 * `../tui/review-backend.ts`), not here as optional members: a slice built on this port runs under both.
 */
export interface ReviewClient extends ForgeQueueSource {
  rounds(): Promise<Outcome<{ readonly rounds: readonly Round[] }>>;
  takeRound(): Promise<Outcome<{ readonly round: Round }>>;
  diff(range: DiffRange): Promise<Outcome<{ readonly files: readonly DiffFile[] }>>;
  /** One file's whole diff, loaded on request although it is over the per-file limit (up to the server's ceiling). */
  fullFileDiff(range: DiffRange, path: string): Promise<Outcome<{ readonly files: readonly DiffFile[] }>>;
  /** A file's whole text at a round, the work tree, the base or `branch:<name>`; refused for a binary or missing file. */
  file(path: string, ref: FileRef): Promise<Outcome<{ readonly path: string; readonly text: string }>>;
  /** Every file of the work tree git would list (tracked, untracked not ignored), changed or not: go-to-file offers them. */
  worktreeFiles?(): Promise<Outcome<{ readonly files: readonly string[] }>>;
  threads(filter?: ThreadQuery): Promise<Outcome<{ readonly threads: readonly Thread[] }>>;
  createThread(input: NewThread): Promise<Outcome<{ readonly thread: Thread }>>;
  reply(threadId: string, input: MessageInput): Promise<Outcome<{ readonly thread: Thread }>>;
  editMessage(messageId: string, input: Partial<MessageInput>): Promise<Outcome<{ readonly thread: Thread }>>;
  /** Withdraws a draft; `thread` is null when it was the draft thread's only message (the thread is gone). */
  deleteMessage(messageId: string): Promise<Outcome<{ readonly thread: Thread | null }>>;
  // Each answers a finding for a finding's id; the thread slice keeps findings among threads (see `asThread`).
  resolve(threadId: string, body?: string): Promise<Outcome<{ readonly thread: Thread }>>;
  reopen(threadId: string, body?: string): Promise<Outcome<{ readonly thread: Thread }>>;
  seen(threadId: string): Promise<Outcome<{ readonly thread: Thread }>>;
  /** The reviewer agents' released findings still waiting for the person. */
  findings(): Promise<Outcome<{ readonly findings: readonly Finding[] }>>;
  runs(): Promise<Outcome<{ readonly runs: readonly Run[] }>>;
  reviewerModels(): Promise<Outcome<ReviewerModels>>;
  /** Starts an AI review run, of `sessionId` or, without one, of the session the server picks. */
  startRun(model?: string, sessionId?: string): Promise<Outcome<{ readonly run: Run }>>;
  cancelRun(id: string): Promise<Outcome<{ readonly run: Run }>>;
  /** Takes a finding: it becomes the person's draft on the same place. */
  accept(id: string): Promise<Outcome<{ readonly thread: Finding; readonly draft: Thread }>>;
  dismiss(id: string): Promise<Outcome<{ readonly thread: Finding }>>;
  /** The drafts a release would send, and the session it goes to. */
  review(): Promise<Outcome<ReviewSummary>>;
  release(sessionId?: string, finish?: Finish): Promise<Outcome<ReleaseResult>>;
  /** Every past release, newest first, with its prose and delivery state. */
  reviews(): Promise<Outcome<{ readonly reviews: readonly PastReview[] }>>;
  /** Tries a delivery again, to `sessionId` or, without one, where a release would go now. */
  retryDelivery(id: string, sessionId?: string): Promise<Outcome<{ readonly review: PastReview }>>;
  dismissDelivery(id: string): Promise<Outcome<{ readonly review: PastReview }>>;
  /** The review's base, the branches HEAD descends from (nearest first) and the base picked for this branch. */
  bases(): Promise<
    Outcome<{
      readonly base: string;
      readonly branches: readonly ParentBranch[];
      readonly picked: string | null;
      readonly commits?: readonly BranchCommit[];
    }>
  >;
  /** Keeps the base picked for this branch in the store (`branch:<name>`), or forgets it (null). */
  pickBase(from: string | null): Promise<Outcome<{ readonly picked: string | null }>>;
  /** The viewed marks, judged against the files at `ref` (the diff's end). */
  viewed(ref: FileRef): Promise<Outcome<{ readonly files: readonly ViewedFile[] }>>;
  /** Marks a file viewed with its content at `ref`, or takes the mark away. */
  setViewed(
    path: string,
    viewed: boolean,
    ref: FileRef,
  ): Promise<Outcome<{ readonly file: ViewedFile | { readonly path: string; readonly state: "unviewed" } }>>;
  /** The agent's tour of its change on this branch (steps located now, the hunks no step touches); null when none. */
  tour(): Promise<Outcome<{ readonly tour: Tour | null }>>;
  /** The branch's changes from the review, newest first. */
  changes(): Promise<Outcome<{ readonly changes: readonly Change[] }>>;
  /** Puts back the shown diff's start for the hunks some lines touch, or for the whole file. */
  undo(input: UndoRequest): Promise<Outcome<{ readonly change: Change; readonly file: DiffFile | null }>>;
  /** Writes back what a change replaced; refused (`stale`, with `kept`) where those lines changed since. */
  restoreChange(id: string): Promise<Outcome<{ readonly change: Change }>>;
  /** Keeps (marks reviewed) the hunks lines `start`-`end` touch, until their text changes. */
  keepHunks(input: {
    readonly file: string;
    readonly start: number;
    readonly end: number;
    readonly blob: string | null;
  }): Promise<Outcome<{ readonly file: DiffFile | null }>>;
  /** Writes a thread's suggestion (the newest, or `messageId`'s) over its lines where they are now. */
  applySuggestion(threadId: string, messageId?: string): Promise<Outcome<{ readonly change: Change }>>;
  /** Opens the live changes (what anyone writes while the panel is open); returns a function that closes them. */
  events(onEvent: (event: ServerEvent) => void, onState?: (state: LiveState) => void): () => void;
}

/**
 * A refusal as the one line either panel shows: the reason and its code (a lost connection has no code).
 * @example errorText({ status: 409, code: "conflict", message: "Released already." }) // "Released already. (conflict)"
 */
export function errorText(error: ApiError): string {
  return error.status ? `${error.message} (${error.code})` : error.message;
}
