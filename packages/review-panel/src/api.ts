// Every HTTP call the panel makes lives in this file, through Hono's typed client over the server's AppType.
// Only the type crosses over (`import type`): no server code enters the bundle, and `tsc` checks each
// answer the panel reads against what the server's routes really send.
import { createParser } from "eventsource-parser";
import { hc, type ClientResponse } from "hono/client";
import type { AppType, Health } from "opencode-review/http";
import type { ForgePullOutcome, ForgePushOutcome, ForgeQueueStatus } from "./state/conversation/forge-queue.js";
import type { BranchInfo } from "./state/branches/branches.js";
import type {
  ApiError,
  Change,
  DiffFile,
  DiffRange,
  FileBytes,
  FileRef,
  Finding,
  Finish,
  LiveState,
  MessageInput,
  NewThread,
  Outcome,
  ParentBranch,
  PastReview,
  Release,
  ReleaseResult,
  ReviewClient,
  ReviewerModels,
  ReviewSummary,
  Round,
  Run,
  ServerEvent,
  Thread,
  ThreadQuery,
  Tour,
  UndoRequest,
  ViewedFile,
} from "./state/review-client.js";

export * from "./state/review-client.js";
export type { BranchInfo } from "./state/branches/branches.js";
/** What `GET /api/health` answers, as the server declares it. */
export type { Health };

/**
 * The web panel's client: the port both panels share, and what only a browser asks (the server's health,
 * a binary file's bytes to draw); the token and the event stream's reconnecting stay inside `createApi`.
 */
export interface WebClient extends ReviewClient {
  health(): Promise<Outcome<Health>>;
  /** Every branch of the repository with a review or a changed work tree (the branch list). */
  branches(): Promise<Outcome<{ readonly branches: readonly BranchInfo[] }>>;
  /** The diff between two branches' work trees: `a` the old side, `b` the new. */
  compare(a: string, b: string): Promise<Outcome<{ readonly files: readonly DiffFile[] }>>;
  /** A file's bytes at `ref`, for images and binaries; null when the file is not there at that ref. */
  fileBytes(path: string, ref: FileRef): Promise<Outcome<FileBytes | null>>;
}

export interface ApiOptions {
  /** Origin (and path prefix) of the server; the page's own origin when left out. */
  readonly base?: string;
  /** Sent as `Authorization: Bearer` on every call, the event stream included; the server takes no cookie. */
  readonly token?: string | null;
  readonly fetch?: typeof fetch;
  /** The branch whose review every call is about (`branch=` on each `/api` request); absent: the server's own. */
  readonly branch?: string | null;
}

export type Api = WebClient;

/** Where a tab keeps the token: sessionStorage belongs to this origin (scheme, host and port) and this tab. */
export const tokenStorageKey = "opencode-review-token";

/**
 * Reads the token from the link once (`#token=`, which never reaches a server, or `?token=`), keeps it in
 * this tab's sessionStorage, and removes it from the address bar; a reload finds it in storage.
 * Never a cookie: browsers send 127.0.0.1's cookies to every port on it, so any local server would get it.
 * @example const token = takeToken(window.location, window.sessionStorage)
 */
export function takeToken(location: Location, storage: Storage | null): string | null {
  const url = new URL(location.href);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ""));
  const fromUrl = fragment.get("token") ?? url.searchParams.get("token");
  if (fromUrl) {
    try {
      storage?.setItem(tokenStorageKey, fromUrl);
    } catch {
      // Storage refused (private mode quota): the token still works for this page's life.
    }
    url.searchParams.delete("token");
    fragment.delete("token");
    url.hash = fragment.size > 0 ? `#${fragment.toString()}` : "";
    // Keeping the token out of the address bar stops it from landing in history, screenshots and shared links.
    // The whole href: a path such as `//host/x` given alone would name another origin.
    history.replaceState(history.state, "", url.href);
    return fromUrl;
  }
  try {
    return storage?.getItem(tokenStorageKey) ?? null;
  } catch {
    return null;
  }
}

/**
 * The address with `branch=` added to an `/api` call's query (the route answers for that branch's review).
 * @example withBranch("http://127.0.0.1:4000/api/diff?from=base", "agent-a") // "...?from=base&branch=agent-a"
 */
export function withBranch(input: RequestInfo | URL, branch: string): RequestInfo | URL {
  const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, typeof location === "undefined" ? "http://localhost" : location.href);
  if (!url.pathname.startsWith("/api/") || url.searchParams.has("branch")) return input;
  url.searchParams.set("branch", branch);
  return typeof input === "string" || input instanceof URL ? url.href : new Request(url.href, input);
}

/** The server's own words for a refusal, or a sentence naming the request when it sent none. */
async function refusal(response: Response, label: string): Promise<ApiError> {
  let error: { code?: unknown; message?: unknown; details?: { kept?: unknown } } | undefined;
  try {
    error = ((await response.json()) as { error?: typeof error } | null)?.error;
  } catch {
    error = undefined;
  }
  return {
    status: response.status,
    code: typeof error?.code === "string" ? error.code : "http",
    message: typeof error?.message === "string" ? error.message : `${label} failed with status ${response.status}.`,
    ...(typeof error?.details?.kept === "string" ? { kept: error.details.kept } : {}),
  };
}

/** The query of `GET /api/diff` for a range: its view alone, or its two ends; whitespace left out when asked. */
function diffQuery(range: DiffRange): { from?: string; to?: string; view?: string; ignoreWhitespace?: "1" } {
  return {
    ...(range.view === undefined ? { from: range.from, to: range.to } : { view: range.view }),
    ...(range.ignoreWhitespace ? { ignoreWhitespace: "1" as const } : {}),
  };
}

/**
 * Builds the client for every route of the contract, each answer an `Outcome`.
 * @example const api = createApi({ token }); const diff = await api.diff({ from: "base", to: "worktree" })
 */
export function createApi(options: ApiOptions = {}): WebClient {
  const base = options.base ?? (typeof location === "undefined" ? "" : location.origin);
  const sendFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // One place names the branch for every call, the event stream included: each route answers for it.
  const branch = options.branch ?? null;
  const doFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    sendFetch(branch === null ? input : withBranch(input, branch), init);
  const authorization: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const client = hc<AppType>(base, {
    fetch: doFetch,
    headers: authorization,
    // No cookie is needed or wanted: the bearer header is the only credential.
    init: { credentials: "omit" },
  });

  /** Sends one request; a refusal or a lost connection becomes a value, never a throw. */
  async function call<T>(label: string, send: () => Promise<ClientResponse<T>>): Promise<Outcome<T>> {
    let response: ClientResponse<T>;
    try {
      response = await send();
    } catch (cause) {
      return {
        ok: false,
        error: { status: 0, code: "network", message: `The review server cannot be reached (${String(cause)}).` },
      };
    }
    if (!response.ok) return { ok: false, error: await refusal(response as unknown as Response, label) };
    try {
      return { ok: true, value: (await response.json()) as T };
    } catch (cause) {
      return {
        ok: false,
        error: {
          status: response.status,
          code: "http",
          message: `${label} answered something that is not JSON (${String(cause)}).`,
        },
      };
    }
  }

  const api = client.api;
  const json = (input: MessageInput | Partial<MessageInput>) => ({
    ...(input.body === undefined ? {} : { body: input.body }),
    ...(input.suggestion === undefined ? {} : { suggestion: input.suggestion === null ? null : [...input.suggestion] }),
  });

  return {
    health: (): Promise<Outcome<Health>> => call("GET /api/health", () => api.health.$get()),
    branches: (): Promise<Outcome<{ readonly branches: readonly BranchInfo[] }>> =>
      call(
        "GET /api/branches",
        () => api.branches.$get() as unknown as Promise<ClientResponse<{ branches: BranchInfo[] }>>,
      ),
    compare: (a: string, b: string): Promise<Outcome<{ readonly files: readonly DiffFile[] }>> =>
      call(
        "GET /api/compare",
        () =>
          doFetch(`${base}/api/compare?${new URLSearchParams({ a, b }).toString()}`, {
            headers: authorization,
            credentials: "omit",
          }) as unknown as Promise<ClientResponse<{ files: DiffFile[] }>>,
      ),
    rounds: (): Promise<Outcome<{ readonly rounds: readonly Round[] }>> =>
      call("GET /api/rounds", () => api.rounds.$get()),
    takeRound: (): Promise<Outcome<{ readonly round: Round }>> => call("POST /api/rounds", () => api.rounds.$post()),
    diff: (range: DiffRange): Promise<Outcome<{ readonly files: readonly DiffFile[] }>> =>
      call("GET /api/diff", () => api.diff.$get({ query: diffQuery(range) })),
    /** A file's whole text at a round, the work tree or the base, for revealing hidden context. */
    file: (path: string, ref: FileRef): Promise<Outcome<{ readonly path: string; readonly text: string }>> =>
      call("GET /api/file", () => api.file.$get({ query: { path, ref } })),
    worktreeFiles: (): Promise<Outcome<{ readonly files: readonly string[] }>> =>
      call("GET /api/files", () => api.files.$get()),
    /** `at`: a round id, for anchors where the lines were in that round rather than in the work tree now. */
    threads: (filter: ThreadQuery = {}): Promise<Outcome<{ readonly threads: readonly Thread[] }>> =>
      call("GET /api/threads", () =>
        api.threads.$get({
          query: {
            ...(filter.status === undefined ? {} : { status: filter.status }),
            ...(filter.file === undefined ? {} : { file: filter.file }),
            ...(filter.at === undefined ? {} : { at: filter.at }),
          },
        }),
      ),
    createThread: (input: NewThread): Promise<Outcome<{ readonly thread: Thread }>> =>
      call("POST /api/threads", () =>
        api.threads.$post({
          json: {
            file: input.file,
            ...(input.side === undefined ? {} : { side: input.side }),
            ...(input.start === undefined ? {} : { start: input.start }),
            ...(input.end === undefined ? {} : { end: input.end }),
            ...(input.roundId === undefined ? {} : { roundId: input.roundId }),
            body: input.body,
            ...(input.suggestion === undefined
              ? {}
              : { suggestion: input.suggestion === null ? null : [...input.suggestion] }),
          },
        }),
      ),
    reply: (threadId: string, input: MessageInput): Promise<Outcome<{ readonly thread: Thread }>> =>
      call("POST /api/threads/:id/messages", () =>
        api.threads[":id"].messages.$post({
          param: { id: threadId },
          json: { body: input.body, ...json({ suggestion: input.suggestion }) },
        }),
      ),
    editMessage: (messageId: string, input: Partial<MessageInput>): Promise<Outcome<{ readonly thread: Thread }>> =>
      call("PATCH /api/messages/:id", () =>
        api.messages[":id"].$patch({ param: { id: messageId }, json: json(input) }),
      ),
    /** Withdraws a draft; `thread` is null when it was the draft thread's only message (the thread is gone). */
    deleteMessage: (messageId: string): Promise<Outcome<{ readonly thread: Thread | null }>> =>
      call("DELETE /api/messages/:id", () =>
        // A DELETE without a Content-Length (a browser's or Node's body-less DELETE) meets a 500 from the
        // server's body-size check under @hono/node-server; an explicit `{}` body carries one.
        api.messages[":id"].$delete(
          { param: { id: messageId } },
          {
            init: {
              credentials: "omit",
              body: "{}",
              headers: { ...authorization, "content-type": "application/json" },
            },
          },
        ),
      ),
    // Both answer a finding for a finding's id; the thread slice keeps findings among threads (see `asThread`).
    resolve: (threadId: string, body?: string): Promise<Outcome<{ readonly thread: Thread }>> =>
      call(
        "POST /api/threads/:id/resolve",
        () =>
          api.threads[":id"].resolve.$post({
            param: { id: threadId },
            json: body ? { body } : {},
          }) as unknown as Promise<ClientResponse<{ readonly thread: Thread }>>,
      ),
    reopen: (threadId: string, body?: string): Promise<Outcome<{ readonly thread: Thread }>> =>
      call(
        "POST /api/threads/:id/reopen",
        () =>
          api.threads[":id"].reopen.$post({
            param: { id: threadId },
            json: body ? { body } : {},
          }) as unknown as Promise<ClientResponse<{ readonly thread: Thread }>>,
      ),
    seen: (threadId: string): Promise<Outcome<{ readonly thread: Thread }>> =>
      call(
        "POST /api/threads/:id/seen",
        () =>
          api.threads[":id"].seen.$post({ param: { id: threadId } }) as unknown as Promise<
            ClientResponse<{ readonly thread: Thread }>
          >,
      ),
    /** The reviewer agents' released findings; they travel as threads whose origin is "reviewer". */
    findings: (): Promise<Outcome<{ readonly findings: readonly Finding[] }>> =>
      call("GET /api/findings", () => api.findings.$get({ query: {} })),
    runs: (): Promise<Outcome<{ readonly runs: readonly Run[] }>> => call("GET /api/runs", () => api.runs.$get()),
    reviewerModels: (): Promise<Outcome<ReviewerModels>> => call("GET /api/runs/models", () => api.runs.models.$get()),
    startRun: (model?: string, sessionId?: string): Promise<Outcome<{ readonly run: Run }>> =>
      call("POST /api/runs", () =>
        api.runs.$post({ json: { ...(model ? { model } : {}), ...(sessionId ? { sessionId } : {}) } }),
      ),
    cancelRun: (id: string): Promise<Outcome<{ readonly run: Run }>> =>
      call("POST /api/runs/:id/cancel", () => api.runs[":id"].cancel.$post({ param: { id } })),
    accept: (id: string): Promise<Outcome<{ readonly thread: Finding; readonly draft: Thread }>> =>
      call("POST /api/threads/:id/accept", () => api.threads[":id"].accept.$post({ param: { id }, json: {} })),
    dismiss: (id: string): Promise<Outcome<{ readonly thread: Finding }>> =>
      call("POST /api/threads/:id/dismiss", () => api.threads[":id"].dismiss.$post({ param: { id } })),
    review: (): Promise<Outcome<ReviewSummary>> => call("GET /api/review", () => api.review.$get()),
    release: (sessionId?: string, finish: Finish = {}): Promise<Outcome<ReleaseResult>> =>
      call("POST /api/review/release", () =>
        api.review.release.$post({
          json: {
            ...(sessionId ? { sessionId } : {}),
            ...(finish.summary?.trim() ? { summary: finish.summary.trim() } : {}),
            ...(finish.verdict ? { verdict: finish.verdict } : {}),
            ...(finish.pr ? { pr: true } : {}),
          },
        }),
      ),
    /** The branch's pull request as last pulled, the agent's replies waiting to be posted there, how many were. */
    forgeStatus: (): Promise<Outcome<ForgeQueueStatus>> => call("GET /api/forge", () => api.forge.$get()),
    /** Brings the pull request's new forge comments in now. */
    pullForge: (): Promise<Outcome<{ readonly pull: ForgePullOutcome }>> =>
      call("POST /api/forge/pull", () => api.forge.pull.$post({ json: {} })),
    /** The person's Send: posts the queued replies to the pull request. */
    pushForge: (): Promise<Outcome<{ readonly push: ForgePushOutcome }>> =>
      call("POST /api/forge/push", () => api.forge.push.$post({ json: {} })),
    /** The agent's tour of its change on this branch, or null. */
    tour: (): Promise<Outcome<{ readonly tour: Tour | null }>> => call("GET /api/tour", () => api.tour.$get()),
    /** Every past release, newest first, with its prose and delivery state. */
    reviews: (): Promise<Outcome<{ readonly reviews: readonly PastReview[] }>> =>
      call("GET /api/reviews", () => api.reviews.$get()),
    /** Tries a delivery again, to `sessionId` (the session the panel names) or, without one, where a release would go now. */
    retryDelivery: (id: string, sessionId?: string): Promise<Outcome<{ readonly review: PastReview }>> =>
      call("POST /api/reviews/:id/retry", () =>
        api.reviews[":id"].retry.$post({ param: { id }, json: sessionId === undefined ? {} : { sessionId } }),
      ),
    dismissDelivery: (id: string): Promise<Outcome<{ readonly review: PastReview }>> =>
      call("POST /api/reviews/:id/dismiss", () => api.reviews[":id"].dismiss.$post({ param: { id } })),
    /** One file's whole diff, loaded on request although it is over the per-file limit (up to the server's ceiling). */
    fullFileDiff: (range: DiffRange, path: string): Promise<Outcome<{ readonly files: readonly DiffFile[] }>> =>
      call("GET /api/diff", () => api.diff.$get({ query: { ...diffQuery(range), file: path, full: "1" } })),
    /** A file's bytes at `ref`, for images and binaries; null when the file is not there at that ref. */
    fileBytes: async (path: string, ref: FileRef): Promise<Outcome<FileBytes | null>> => {
      let response: Response;
      try {
        response = await doFetch(client.api.raw.$url({ query: { path, ref } }), {
          headers: authorization,
          credentials: "omit",
        });
      } catch (cause) {
        return {
          ok: false,
          error: { status: 0, code: "network", message: `The review server cannot be reached (${String(cause)}).` },
        };
      }
      if (response.status === 404) return { ok: true, value: null };
      if (!response.ok) return { ok: false, error: await refusal(response, "GET /api/raw") };
      return {
        ok: true,
        value: {
          bytes: new Uint8Array(await response.arrayBuffer()),
          mime: response.headers.get("content-type") ?? "application/octet-stream",
          label: response.headers.get("x-file-type") ?? "binary",
        },
      };
    },
    /** The review's base, the branches HEAD descends from (nearest parent first) and the base picked for this branch. */
    bases: (): Promise<
      Outcome<{ readonly base: string; readonly branches: readonly ParentBranch[]; readonly picked: string | null }>
    > => call("GET /api/bases", () => api.bases.$get()),
    /** Keeps the base picked for this branch in the store (`branch:<name>`), or forgets it (null). */
    pickBase: (from: string | null): Promise<Outcome<{ readonly picked: string | null }>> =>
      call("POST /api/bases", () => api.bases.$post({ json: { from } })),
    /** The viewed marks, judged against the files at `ref` (the diff's end). */
    viewed: (ref: FileRef): Promise<Outcome<{ readonly files: readonly ViewedFile[] }>> =>
      call("GET /api/viewed", () => api.viewed.$get({ query: { ref } })),
    /** Marks a file viewed with its content at `ref`, or takes the mark away. */
    setViewed: (
      path: string,
      viewed: boolean,
      ref: FileRef,
    ): Promise<Outcome<{ readonly file: ViewedFile | { readonly path: string; readonly state: "unviewed" } }>> =>
      call("POST /api/viewed", () => api.viewed.$post({ json: { path, viewed, ref } })),
    changes: (): Promise<Outcome<{ readonly changes: readonly Change[] }>> =>
      call("GET /api/changes", () => api.changes.$get()),
    undo: (input: UndoRequest): Promise<Outcome<{ readonly change: Change; readonly file: DiffFile | null }>> =>
      call("POST /api/changes/undo", () => api.changes.undo.$post({ json: input })) as Promise<
        Outcome<{ readonly change: Change; readonly file: DiffFile | null }>
      >,
    restoreChange: (id: string): Promise<Outcome<{ readonly change: Change }>> =>
      call("POST /api/changes/:id/restore", () => api.changes[":id"].restore.$post({ param: { id } })),
    keepHunks: (input: {
      readonly file: string;
      readonly start: number;
      readonly end: number;
      readonly blob: string | null;
    }): Promise<Outcome<{ readonly file: DiffFile | null }>> =>
      call("POST /api/changes/keep", () => api.changes.keep.$post({ json: input })) as Promise<
        Outcome<{ readonly file: DiffFile | null }>
      >,
    applySuggestion: (threadId: string, messageId?: string): Promise<Outcome<{ readonly change: Change }>> =>
      call("POST /api/threads/:id/apply", () =>
        api.threads[":id"].apply.$post({
          param: { id: threadId },
          json: messageId === undefined ? {} : { messageId },
        }),
      ),
    /** Opens the live stream; returns a function that closes it. */
    events: (onEvent: (event: ServerEvent) => void, onState?: (state: LiveState) => void): (() => void) => {
      // EventSource cannot send headers, so the stream is read with fetch (which sends the bearer header)
      // and cut into events by eventsource-parser; a lost stream is opened again after a pause, as EventSource
      // would, at most 5 s apart so a restarted server is back in the panel within seconds.
      const controller = new AbortController();
      let stopped = false;
      const parse = (raw: string): Record<string, unknown> | null => {
        try {
          const value: unknown = JSON.parse(raw);
          return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
        } catch {
          return null;
        }
      };
      const dispatch = (name: string | undefined, raw: string): void => {
        const value = parse(raw);
        if (name === "viewed" || name === "base" || name === "change") return void onEvent({ type: name });
        if (name === "branch" && typeof value?.branch === "string")
          return void onEvent({ type: "branch", branch: value as unknown as BranchInfo });
        if (name === "worktree" && Array.isArray(value?.paths))
          return void onEvent({
            type: "worktree",
            paths: value.paths.filter((p): p is string => typeof p === "string"),
          });
        if (typeof value?.id !== "string") return;
        if (name === "thread") onEvent({ type: "thread", thread: value as unknown as Thread });
        else if (name === "review") onEvent({ type: "review", review: value as unknown as Release });
        else if (name === "round") onEvent({ type: "round", round: value as unknown as Round });
        else if (name === "run") onEvent({ type: "run", run: value as unknown as Run });
        else if (name === "tour") onEvent({ type: "tour", tour: value as unknown as Tour });
      };
      const readOnce = async (): Promise<"ended" | "refused"> => {
        const response = await doFetch(client.api.events.$url().href, {
          headers: { ...authorization, accept: "text/event-stream" },
          credentials: "omit",
          cache: "no-store",
          signal: controller.signal,
        });
        // A server that answers but refuses the token was most likely started again with a new one.
        if (response.status === 401 || response.status === 403) return "refused";
        if (!response.ok || response.body === null) throw new Error(`GET /api/events answered ${response.status}`);
        onState?.("open");
        const parser = createParser({ onEvent: (event) => dispatch(event.event, event.data) });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return "ended";
          parser.feed(value);
        }
      };
      void (async () => {
        let pause = 1000;
        while (!stopped) {
          let state: LiveState = "lost";
          try {
            // Refused: tried again too, as the same link works if the server comes back with its token.
            if ((await readOnce()) === "refused") state = "refused";
            else pause = 1000;
          } catch {
            // Aborted by close(), or the connection dropped: say so and try again unless closed.
          }
          if (stopped) return;
          onState?.(state);
          await new Promise((resolve) => setTimeout(resolve, pause));
          pause = Math.min(pause * 2, 5_000);
        }
      })();
      return () => {
        stopped = true;
        controller.abort();
      };
    },
  };
}
