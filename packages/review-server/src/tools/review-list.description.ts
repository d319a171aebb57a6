// Written for the model that reads it in its tool list: what the tool is for, when to call it, what comes back.
export const REVIEW_LIST_DESCRIPTION = `Lists the code-review threads a person left on your working changes (and notes you opened for them).
Call it when you are told review comments wait for you, before you change the code they are about.
Each thread shows its id, where it is now (file and lines), whether the code moved or changed since, the code as it was quoted, and what was said.
By default only open threads; status "all" adds resolved ones; file narrows to one file.
Threads waiting for you come first, then by file and line. One answer holds as many whole threads as fit about 20 KB; when more remain, its last line says how many and gives a cursor: call review_list again with that cursor (and the same file and status) for the next page, until no cursor is given. A thread added between pages is still shown.
When the person changed your code from the review since you last called it (undid a hunk, applied a suggestion), the answer starts with one line for each, such as "The person undid your change to src/a.ts lines 10–14: leave it undone unless asked."; do not write that code again unless asked.
Answer each thread that waits for you with review_reply.`;
