// Every HTTP call the panel makes lives in this file, so moving to Hono's typed client later is a local change.
import type { FileDiff, Thread } from "@opencode-review/core";

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

export interface ReviewSummary {
  readonly drafts: { readonly threads: number; readonly messages: number };
  readonly session: { readonly id: string; readonly title: string } | null;
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

/** Which text of a file to read: a round's snapshot, the work tree, or the review's base. */
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

/** What the server pushes on `GET /api/events`. */
export type ServerEvent =
  | { readonly type: "thread"; readonly thread: Thread }
  | { readonly type: "review"; readonly review: unknown }
  | { readonly type: "round"; readonly round: Round };

export interface ApiOptions {
  /** Origin and path prefix; empty for the page's own origin. */
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

/**
 * Builds the typed client for every route of the contract.
 * @example const api = createApi({ token }); const diff = await api.diff({ from: "base", to: "worktree" })
 */
export function createApi(options: ApiOptions = {}) {
  const base = options.base ?? "";
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function call<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(base + path, {
        method,
        headers,
        credentials: "include",
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (cause) {
      return { ok: false, error: { status: 0, code: "network", message: `The review server cannot be reached (${String(cause)}).` } };
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      return {
        ok: false,
        error: {
          status: response.status,
          code: typeof error?.code === "string" ? error.code : "http",
          message: typeof error?.message === "string" ? error.message : `${method} ${path} failed with status ${response.status}.`,
        },
      };
    }
    return { ok: true, value: json as T };
  }

  const query = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
    const text = search.toString();
    return text ? `?${text}` : "";
  };
  const id = (value: string) => encodeURIComponent(value);

  return {
    health: () => call<Health>("GET", "/api/health"),
    rounds: () => call<{ rounds: Round[] }>("GET", "/api/rounds"),
    takeRound: () => call<{ round: Round }>("POST", "/api/rounds"),
    diff: (range: DiffRange) => call<{ files: DiffFile[] }>("GET", `/api/diff${query(range)}`),
    /** Not in the contract yet: the server is asked to serve it for expanding hidden context. */
    file: (path: string, ref: FileRef) => call<{ path: string; text: string }>("GET", `/api/file${query({ path, ref })}`),
    threads: (filter: { status?: ThreadFilter; file?: string } = {}) =>
      call<{ threads: Thread[] }>("GET", `/api/threads${query(filter)}`),
    createThread: (input: NewThread) => call<{ thread: Thread }>("POST", "/api/threads", input),
    reply: (threadId: string, input: MessageInput) => call<{ thread: Thread }>("POST", `/api/threads/${id(threadId)}/messages`, input),
    editMessage: (messageId: string, input: Partial<MessageInput>) =>
      call<{ thread?: Thread }>("PATCH", `/api/messages/${id(messageId)}`, input),
    deleteMessage: (messageId: string) => call<{ thread?: Thread | null }>("DELETE", `/api/messages/${id(messageId)}`),
    resolve: (threadId: string, body?: string) =>
      call<{ thread: Thread }>("POST", `/api/threads/${id(threadId)}/resolve`, body ? { body } : {}),
    reopen: (threadId: string, body?: string) =>
      call<{ thread: Thread }>("POST", `/api/threads/${id(threadId)}/reopen`, body ? { body } : {}),
    seen: (threadId: string) => call<{ thread: Thread }>("POST", `/api/threads/${id(threadId)}/seen`),
    review: () => call<ReviewSummary>("GET", "/api/review"),
    release: (sessionId?: string) => call<ReleaseResult>("POST", "/api/review/release", sessionId ? { sessionId } : {}),
    /** Opens the live stream; returns a function that closes it. */
    events: (onEvent: (event: ServerEvent) => void, onState?: (state: "open" | "lost") => void): (() => void) => {
      if (typeof EventSource === "undefined") return () => {};
      // EventSource cannot send headers; the cookie set at `/?token=` authenticates it.
      const source = new EventSource(base + "/api/events", { withCredentials: true });
      const parse = (raw: string): unknown => {
        try {
          return JSON.parse(raw);
        } catch {
          return null;
        }
      };
      // Servers may send the object bare or wrapped under its own name ({ thread: {...} }).
      const unwrap = (value: unknown, key: string): unknown =>
        value && typeof value === "object" && key in value ? (value as Record<string, unknown>)[key] : value;
      source.addEventListener("thread", (e) => {
        const thread = unwrap(parse((e as MessageEvent<string>).data), "thread") as Thread | null;
        if (thread?.id) onEvent({ type: "thread", thread });
      });
      source.addEventListener("review", (e) => onEvent({ type: "review", review: parse((e as MessageEvent<string>).data) }));
      source.addEventListener("round", (e) => {
        const round = unwrap(parse((e as MessageEvent<string>).data), "round") as Round | null;
        if (round?.id) onEvent({ type: "round", round });
      });
      source.addEventListener("open", () => onState?.("open"));
      source.addEventListener("error", () => onState?.("lost"));
      return () => source.close();
    },
  };
}
