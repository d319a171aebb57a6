import type { ReviewService } from "../service/index.js";

/**
 * How the agent side reaches the review service: the server starts in the background at plugin init,
 * so every tool and hook awaits it here. It rejects with an Error whose message tells the model what
 * is wrong (the folder is not a git repository, the store cannot be opened) when the server cannot start.
 * `Part`: the part(s) of the service the tool or hook uses (see ReviewService), the whole by default.
 */
export type ServiceSource<Part = ReviewService> = () => Promise<Part>;
