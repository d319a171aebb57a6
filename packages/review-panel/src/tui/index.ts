// The terminal panel's table of contents: what the server package's `./tui` entry builds on.
export { createReviewTui, ROUTE, OPEN_COMMAND, type OpenTuiBackend, type ServerHalfProblem } from "./review-tui.js";
export type { ReviewBackend } from "./review-backend.js";
export type { ApiError, Outcome, ReviewClient, ServerEvent } from "../state/review-client.js";
