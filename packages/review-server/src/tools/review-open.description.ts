// Written for the model that reads it in its tool list: what the tool is for, when to call it, what comes back.
export const REVIEW_OPEN_DESCRIPTION = `Leaves your own note for the person reviewing your changes, pinned to a file: one line (line), a range (from and to), or the whole file (no line numbers).
Use it to point them at something worth a look: a decision, a trade-off, a place you are unsure about.
Line numbers are as the file reads now. The note waits for the reviewer, not for you.
Returns the new thread and its id. Sending the same note again after a timeout is safe: it opens one thread.`;
