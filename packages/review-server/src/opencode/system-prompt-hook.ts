import type { Hooks } from "@opencode-ai/plugin";
import { renderSystemGuidance, renderWaitingLine } from "@opencode-review/core";
import type { ChangeOperations, ReleaseOperations, ReviewerOperations } from "../service/index.js";
import type { ServiceSource } from "../tools/service-source.js";

type SystemTransform = NonNullable<Hooks["experimental.chat.system.transform"]>;

// opencode 1.18.33 runs this hook for its hidden title request too (SessionPrompt.ensureTitle): there the
// only system text is the title agent's prompt. Review lines would cost tokens and could leak into titles.
const TITLE_PROMPT = /^You are a title generator\b/;

/** Said when the agent has no review tools: releases arrive as messages, so no tool is named. */
export const PROSE_GUIDANCE =
  "Code review: a person may review your working changes like a pull request; their comments arrive as a message in this conversation. Fix the code they point at, then answer them in your reply.";

/**
 * The system-prompt hook: the review guidance on every conversation request and, only when threads wait
 * on the agent or the person changed its code from the review, one line saying so (cheap queries, no git). Title requests are skipped.
 * @example hooks["experimental.chat.system.transform"] = systemPromptHook(source, { tools: true });
 */
export function systemPromptHook(
  source: ServiceSource<ReviewerOperations & ReleaseOperations & ChangeOperations>,
  options: { readonly tools: boolean },
): SystemTransform {
  return async (input, output) => {
    // Without a session it is not a conversation (opencode's agent generator, for one).
    if (input.sessionID === undefined) return;
    if (output.system.some((text) => TITLE_PROMPT.test(text))) return;
    // A server that could not start (no git repository here) has nothing to say; that was logged once.
    const service = await source().catch(() => null);
    if (service === null) return;
    if (!options.tools) {
      output.system.push(PROSE_GUIDANCE);
      return;
    }
    // A reviewer agent's session has its own prompt; the implementer's guidance names tools it lacks.
    if ((await service.runOfSession(input.sessionID)) !== undefined) return;
    output.system.push(renderSystemGuidance());
    // The line also says what the person changed in the agent's code, until a review_list has told it.
    const [threads, changes] = await Promise.all([service.waitingForAgent(), service.untoldChanges()]);
    const waiting = renderWaitingLine({ ...threads, changes });
    if (waiting !== null) output.system.push(waiting);
  };
}
