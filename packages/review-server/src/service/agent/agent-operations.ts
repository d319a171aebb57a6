import { withChangeNotices } from "../changes/change-notices.js";
import { waitingForAgent } from "../review/waiting-summary.js";
import type { ServiceContext } from "../service-context.js";
import { agentList, prepareFirstPage } from "./agent-list.js";
import { createAgentNote } from "./agent-note.js";
import { addAgentReply } from "./agent-reply.js";
import { AgentRetries, type AgentCall } from "./agent-retries.js";

/** What the agent's operations share with the rest of the service. */
export interface AgentDeps {
  /** Posts the agent's replies on the forge (`push: "auto"`); undefined: they wait for a push. */
  readonly pushForge: (() => Promise<unknown>) | undefined;
}

/**
 * The agent's side: its paged list, its replies and notes (a retried call stores once), and the first page
 * read ahead of its first review_list.
 * @example await agentOperations(ctx, { pushForge: undefined }).agentReply({ id, text: "done" }, { session });
 */
export function agentOperations(ctx: ServiceContext, deps: AgentDeps) {
  const { pushForge } = deps;
  // A retried reply or note returns the first one's result instead of storing it twice.
  const retries = new AgentRetries(() => Date.parse(ctx.now()));
  return {
    agentList: async (query: Parameters<typeof agentList>[1], call: AgentCall = {}) => {
      retries.sawCall(call.session ?? "");
      // What the person changed in the agent's code since it last read comes first, once.
      return withChangeNotices(ctx, await agentList(ctx, query));
    },
    agentReply: (input: Parameters<typeof addAgentReply>[1], call: AgentCall = {}) =>
      retries.once(
        ["review_reply", input.id ?? null, input.file ?? null, input.line ?? null, input.text, input.resolved ?? false],
        call,
        () => addAgentReply(ctx, input, pushForge),
      ),
    agentNote: (input: Parameters<typeof createAgentNote>[1], call: AgentCall = {}) =>
      retries.once(
        ["review_open", input.file, input.line ?? null, input.from ?? null, input.to ?? null, input.text],
        call,
        () => createAgentNote(ctx, input),
      ),
    /**
     * When threads wait on the agent, reads and locates them ahead of its first review_list (which then
     * continues that listing); resolves to how many it read, 0 when none wait.
     */
    prepareAgentList: async () => ((await waitingForAgent(ctx)).count === 0 ? 0 : prepareFirstPage(ctx)),
    /** The session called some other tool: the same reply or note after it is a new message, not a retry. */
    sawAgentCall: (session: string) => retries.sawCall(session),
  };
}

export type AgentOperations = ReturnType<typeof agentOperations>;
