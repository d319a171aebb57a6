/**
 * The few lines every conversation's system prompt carries about the review: how it works and
 * which tool does what. Never the threads themselves.
 * @example output.system.push(renderSystemGuidance())
 */
export function renderSystemGuidance(): string {
  return [
    "Code review: a person may review your working changes like a pull request, with comments pinned to lines, released to you as a batch.",
    "- review_list shows the threads waiting for you: where each is now, the code as it was, and what was said.",
    "- Fix the code first, then answer each thread with review_reply. Set resolved: true only when your change addresses it; if the code under the thread did not change, the thread stays open.",
    "- To disagree or ask, reply without resolving. To point the person at code of yours, use review_open.",
    "- When your change spans several files or ideas, leave a review_tour: the order to read it in and why each part is there.",
  ].join("\n");
}
