// Written for the model that reads it in its tool list: what the tool is for, when to call it, what comes back.
export const REVIEW_TOUR_DESCRIPTION = `Leaves the person reviewing your changes a guided tour of them: the steps in the order to read them, each a place (file, and from and to as the file reads now, or no lines for the whole file) and one or two sentences of why that part is there.
Worth writing when your change spans several files or several ideas, so the reviewer knows where to start and how the parts fit; skip it for a small change that reads on its own.
Lead with the part that explains the rest, give the reason for each part (a decision, a trade-off, what it replaces), and do not narrate what the code plainly says.
A new tour replaces your previous one on this branch. Steps follow the code as it changes, like review threads.
Returns the tour, with the hunks of the change no step touches (so you see what you left unexplained; add steps for those worth it).`;
