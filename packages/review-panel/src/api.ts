// Every HTTP call the panel makes lives in this file, through Hono's typed client over the server's AppType.
// Only the type crosses over (`import type`): no server code enters the bundle, and `tsc` checks each
// answer the panel reads against what the server's routes really send.
import type { FileDiff, Message, Thread } from "@opencode-review/core";
import { hc, type ClientResponse } from "hono/client";
import type { AppType } from "../../review-server/src/http/routes/index.js";

export type { Thread } from "@opencode-review/core";

/** A file of `GET /api/diff`, as the contract lists it (the server may send more fields). */
export type DiffFile = Pick<FileDiff, "path" | "oldPath" | "status" | "binary" | "hunks">;

export interface Round {
  readonly id: string;
  readonly ordinal: number;
  readonly base: string;
  readonly snapshot: string;
  readonly createdAt: string;
}

export interface Health {
  readonly ok: boolean;
  readonly version: string;
  readonly repo: string;
  readonly branch: string;
  readonly tools: boolean;
}

/** A draft reply on a released thread, as `GET /api/review` lists it. */
export type DraftMessage = Message & { readonly threadId: string };

/** `GET /api/review`: the drafts a release would send, and the session it goes to. */
export interface ReviewSummary {
  readonly drafts: { readonly threads: readonly Thread[]; readonly messages: readonly DraftMessage[] };
  readonly session: { readonly id: string; readonly title: string } | null;
  /** Only from an MCP server: released comments no tool has read yet, with the line saying they wait for the agent's next turn. */
  readonly waiting?: { readonly messages: number; readonly files: readonly string[]; readonly text: string } | null;
}

export interface Release {
  readonly id: string;
  readonly releasedAt: string;
  readonly messages: number;
  readonly mode: "tools" | "prose";
  readonly deliveredTo: string | null;
}

export interface ReleaseResult {
  readonly review: Release;
  readonly prose?: string;
}

/** `from` of a diff: the review's base or a round id; `to`: a round id or the work tree. */
export type DiffRange = { readonly from: string; readonly to: string };

/** Which text of a file to read: a round's id, `worktree`, or `base`. */
export type FileRef = string;

export type ThreadFilter = "waiting" | "all" | "draft";

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

/** A refusal from the server, or a network failure (`status` 0), as a value the UI can show. */
export interface ApiError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

/** What the server pushes on `GET /api/events`: each event's data is the changed object itself. */
export type ServerEvent =
  | { readonly type: "thread"; readonly thread: Thread }
  | { readonly type: "review"; readonly review: Release }
  | { readonly type: "round"; readonly round: Round };

export interface ApiOptions {
  /** Origin (and path prefix) of the server; the page's own origin when left out. */
  readonly base?: string;
  /** Sent as `Authorization: Bearer` when present; the HttpOnly cookie covers the rest. */
  readonly token?: string | null;
  readonly fetch?: typeof fetch;
}

export type Api = ReturnType<typeof createApi>;

/**
 * Reads the token from `?token=` once, keeps it for this tab, and removes it from the address bar.
 * @example const token = takeToken(window.location, window.sessionStorage)
 */
export function takeToken(location: Location, storage: Storage | null): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get("token");
  if (fromUrl) {
    storage?.setItem("opencode-review-token", fromUrl);
    url.searchParams.delete("token");
    // Keeping the token out of the address bar stops it from landing in screenshots and shared links.
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage?.getItem("opencode-review-token") ?? null;
}

/** The server's own words for a refusal, or a sentence naming the request when it sent none. */
async function refusal(response: Response, label: string): Promise<ApiError> {
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    error = ((await response.json()) as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  } catch {
    error = undefined;
  }
  return {
    status: response.status,
    code: typeof error?.code === "string" ? error.code : "http",
    message: typeof error?.message === "string" ? error.message : `${label} failed with status ${response.status}.`,
  };
}

/**
 * Builds the client for every route of the contract, each answer an `Outcome`.
 * @example const api = createApi({ token }); const diff = await api.diff({ from: "base", to: "worktree" })
 */
export function createApi(options: ApiOptions = {}) {
  const base = options.base ?? (typeof location === "undefined" ? "" : location.origin);
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const authorization: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const client = hc<AppType>(base, {
    fetch: doFetch,
    headers: authorization,
    init: { credentials: "include" },
  });

  /** Sends one request; a refusal or a lost connection becomes a value, never a throw. */
  async function call<T>(label: string, send: () => Promise<ClientResponse<T>>): Promise<Outcome<T>> {
    let response: ClientResponse<T>;
    try {
      response = await send();
    } catch (cause) {
      return { ok: false, error: { status: 0, code: "network", message: `The review server cannot be reached (${String(cause)}).` } };
    }
    if (!response.ok) return { ok: false, error: await refusal(response as unknown as Response, label) };
    try {
      return { ok: true, value: (await response.json()) as T };
    } catch (cause) {
      return { ok: false, error: { status: response.status, code: "http", message: `${label} answered something that is not JSON (${String(cause)}).` } };
    }
  }

  const api = client.api;
  const json = (input: MessageInput | Partial<MessageInput>) => ({
    ...(input.body === undefined ? {} : { body: input.body }),
    ...(input.suggestion === undefined ? {} : { suggestion: input.suggestion === null ? null : [...input.suggestion] }),
  });

  return {
    health: (): Promise<Outcome<Health>> => call("GET /api/health", () => api.health.$get()),
    rounds: (): Promise<Outcome<{ readonly rounds: readonly Round[] }>> => call("GET /api/rounds", () => api.rounds.$get()),
    takeRound: (): Promise<Outcome<{ readonly round: Round }>> => call("POST /api/rounds", () => api.rounds.$post()),
    diff: (range: DiffRange): Promise<Outcome<{ readonly files: readonly DiffFile[] }>> =>
      call("GET /api/diff", () => api.diff.$get({ query: { from: range.from, to: range.to } })),
    /** A file's whole text at a round, the work tree or the base, for revealing hidden context. */
    file: (path: string, ref: FileRef): Promise<Outcome<{ readonly path: string; readonly text: string }>> =>
      call("GET /api/file", () => api.file.$get({ query: { path, ref } })),
    /** `at`: a round id, for anchors where the lines were in that round rather than in the work tree now. */
    threads: (filter: { status?: ThreadFilter; file?: string; at?: string } = {}): Promise<Outcome<{ readonly threads: readonly Thread[] }>> =>
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
            ...(input.suggestion === undefined ? {} : { suggestion: input.suggestion === null ? null : [...input.suggestion] }),
          },
        }),
      ),
    reply: (threadId: string, input: MessageInput): Promise<Outcome<{ readonly thread: Thread }>> =>
      call("POST /api/threads/:id/messages", () => api.threads[":id"].messages.$post({ param: { id: threadId }, json: { body: input.body, ...json({ suggestion: input.suggestion }) } })),
    editMessage: (messageId: string, input: Partial<MessageInput>): Promise<Outcome<{ readonly thread: Thread }>> =>
      call("PATCH /api/messages/:id", () => api.messages[":id"].$patch({ param: { id: messageId }, json: json(input) })),
    /** Withdraws a draft; `thread` is null when it was the draft thread's only message (the thread is gone). */
    deleteMessage: (messageId: string): Promise<Outcome<{ readonly thread: Thread | null }>> =>
      call("DELETE /api/messages/:id", () =>
        // A DELETE without a Content-Length (a browser's or Node's body-less DELETE) meets a 500 from the
        // server's body-size check under @hono/node-server; an explicit `{}` body carries one.
        api.messages[":id"].$delete(
          { param: { id: messageId } },
          { init: { credentials: "include", body: "{}", headers: { ...authorization, "content-type": "application/json" } } },
        ),
      ),
    resolve: (threadId: string, body?: string): Promise<Outcome<{ readonly thread: Thread }>> =>
      call("POST /api/threads/:id/resolve", () => api.threads[":id"].resolve.$post({ param: { id: threadId }, json: body ? { body } : {} })),
    reopen: (threadId: string, body?: string): Promise<Outcome<{ readonly thread: Thread }>> =>
      call("POST /api/threads/:id/reopen", () => api.threads[":id"].reopen.$post({ param: { id: threadId }, json: body ? { body } : {} })),
    seen: (threadId: string): Promise<Outcome<{ readonly thread: Thread }>> =>
      call("POST /api/threads/:id/seen", () => api.threads[":id"].seen.$post({ param: { id: threadId } })),
    review: (): Promise<Outcome<ReviewSummary>> => call("GET /api/review", () => api.review.$get()),
    release: (sessionId?: string): Promise<Outcome<ReleaseResult>> =>
      call("POST /api/review/release", () => api.review.release.$post({ json: sessionId ? { sessionId } : {} })),
    /** Opens the live stream; returns a function that closes it. */
    events: (onEvent: (event: ServerEvent) => void, onState?: (state: "open" | "lost") => void): (() => void) => {
      if (typeof EventSource === "undefined") return () => {};
      // EventSource cannot send headers; the cookie set at `/?token=` authenticates it.
      const source = new EventSource(client.api.events.$url().href, { withCredentials: true });
      const parse = (raw: string): Record<string, unknown> | null => {
        try {
          const value: unknown = JSON.parse(raw);
          return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
        } catch {
          return null;
        }
      };
      const data = (e: Event) => parse((e as MessageEvent<string>).data);
      source.addEventListener("thread", (e) => {
        const thread = data(e);
        if (typeof thread?.id === "string") onEvent({ type: "thread", thread: thread as unknown as Thread });
      });
      source.addEventListener("review", (e) => {
        const review = data(e);
        if (typeof review?.id === "string") onEvent({ type: "review", review: review as unknown as Release });
      });
      source.addEventListener("round", (e) => {
        const round = data(e);
        if (typeof round?.id === "string") onEvent({ type: "round", round: round as unknown as Round });
      });
      source.addEventListener("open", () => onState?.("open"));
      source.addEventListener("error", () => onState?.("lost"));
      return () => source.close();
    },
  };
}
