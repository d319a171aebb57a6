// Written for the model that reads it in its tool list: what the tool is for, when to call it, what comes back.
export const REVIEW_REPLY_DESCRIPTION = `Answers one code-review thread in place.
Name the thread by id (from review_list), or by file and a line of it as the file reads now.
Fix the code first, then reply; set resolved: true only when your change addresses the comment.
The resolve is checked: if the code under the thread has not changed since the reviewer last spoke, your reply is kept but the thread stays open, and the answer begins "Replied, but not resolved:".
To disagree or ask a question, reply without resolved.
If a call timed out or you are unsure it went through, sending the same reply again is safe: it is stored once.`;
