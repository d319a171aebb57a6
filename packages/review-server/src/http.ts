// The `opencode-review/http` entry: the types of the HTTP API, for a typed client (`hc<AppType>(url)`).
// Types only: opencode calls every runtime export of a module it loads as a plugin, and a client
// needs none of the server's code.
export type { AppType } from "./http/routes/index.js";
export type { ErrorBody } from "./http/error-response.js";
export type { Health } from "./http/routes/health-route.js";
// The answers' shapes the panels hold, so neither panel declares them again by hand.
export type { ForgeStatus, WaitingReply } from "./service/forge/forge-status.js";
export type { ForgePullResult } from "./service/forge/pull-forge-threads.js";
export type { ForgePushResult } from "./service/forge/push-forge-replies.js";
export type { TooLarge } from "./service/rounds/diff-limits.js";
export type { RoundJson } from "./service/rounds/round-json.js";
export type { ViewedFileJson } from "./service/rounds/viewed-files.js";
