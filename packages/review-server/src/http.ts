// The `opencode-review/http` entry: the types of the HTTP API, for a typed client (`hc<AppType>(url)`).
// Types only: opencode calls every runtime export of a module it loads as a plugin, and a client
// needs none of the server's code.
export type { AppType } from "./http/routes/index.js";
export type { ErrorBody } from "./http/error-response.js";
export type { Health } from "./http/routes/health-route.js";
