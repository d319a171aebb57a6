/** Who makes an agent call: its session and the turn (opencode's assistant message id) it belongs to. */
export interface AgentCall {
  readonly session?: string;
  readonly turn?: string;
}

/** How long a repeated call with nothing between still counts as a retry of the first. */
export const RETRY_WINDOW_MS = 5 * 60_000;
/** Calls remembered at most; the oldest go first (they are past the window long before). */
const MAX_REMEMBERED = 2_000;

interface Remembered {
  readonly at: number;
  readonly turn: string | undefined;
  /** The session's call count when it was made: any call after it changes the count. */
  readonly seq: number;
  readonly result: Promise<unknown>;
}

/**
 * Makes a retried agent write harmless: the same call again returns the first call's result instead
 * of storing a second message. A call is the same when its key (session, tool, the thread or place as
 * the agent named it, the text) is; it is a retry when it comes in the same turn as the first, or
 * within 5 minutes with no other call of that session between them (a tool call opencode reports,
 * or another review write). So a model that re-sends a reply after a timeout, or twice in parallel,
 * stores it once, while the same words again after the agent did something else are a new message.
 * A first call that failed is forgotten, so its retry runs. Kept in memory for one process.
 * @example await retries.once(["reply", ref.id, text], { session, turn }, () => addAgentReply(ctx, input));
 */
export class AgentRetries {
  readonly #calls = new Map<string, Remembered>();
  readonly #seqs = new Map<string, number>();
  readonly #clock: () => number;

  constructor(clock: () => number = Date.now) {
    this.#clock = clock;
  }

  /** The session made some other call (a tool that is not a review write): a repeat after it is new. */
  sawCall(session: string): void {
    this.#seqs.set(session, (this.#seqs.get(session) ?? 0) + 1);
  }

  /** `run`'s result, or the first result of the same call when this one is a retry of it. */
  once<T>(key: readonly unknown[], call: AgentCall, run: () => Promise<T>): Promise<T> {
    const session = call.session ?? "";
    const id = JSON.stringify([session, ...key]);
    const now = this.#clock();
    this.#forgetBefore(now - RETRY_WINDOW_MS);
    const seq = this.#seqs.get(session) ?? 0;
    const first = this.#calls.get(id);
    const sameTurn = first !== undefined && first.turn !== undefined && first.turn === call.turn;
    const nothingBetween = first !== undefined && now - first.at < RETRY_WINDOW_MS && first.seq === seq;
    if (first !== undefined && (sameTurn || nothingBetween)) return first.result as Promise<T>;

    this.#seqs.set(session, seq + 1);
    const result = run();
    const remembered: Remembered = { at: now, turn: call.turn, seq: seq + 1, result };
    this.#calls.delete(id);
    this.#calls.set(id, remembered);
    result.catch(() => {
      if (this.#calls.get(id) === remembered) this.#calls.delete(id);
    });
    while (this.#calls.size > MAX_REMEMBERED) this.#calls.delete(this.#calls.keys().next().value as string);
    return result;
  }

  /** Drops calls made before `time` (the map is in call order, so the old ones come first). */
  #forgetBefore(time: number): void {
    for (const [id, remembered] of this.#calls) {
      if (remembered.at >= time) break;
      this.#calls.delete(id);
    }
  }
}
