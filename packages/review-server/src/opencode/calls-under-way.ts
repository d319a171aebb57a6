import type { ToolDefinition } from "@opencode-ai/plugin";

/** Past this, the panel starts even while a tool call is still under way: it must not wait on a slow call. */
const LONGEST_WAIT_MS = 2_000;

/**
 * Counts the plugin's tool calls under way, so that work the tools do not need (the panel's HTTP server)
 * can wait for the calls made while the plugin starts instead of slowing them down.
 * @example const calls = new CallsUnderWay(); hooks.tool = calls.counted(tools); await calls.settled();
 */
export class CallsUnderWay {
  #count = 0;
  #waiting: (() => void)[] = [];

  /** The same tools, each call counted while it runs. */
  counted(tools: Readonly<Record<string, ToolDefinition>>): Record<string, ToolDefinition> {
    const out: Record<string, ToolDefinition> = {};
    for (const [name, definition] of Object.entries(tools)) {
      out[name] = { ...definition, execute: (args, context) => this.#during(() => definition.execute(args, context)) };
    }
    return out;
  }

  /** Resolves once no call is under way (at once when none is), or after two seconds at most. */
  settled(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, LONGEST_WAIT_MS);
      (timer as { unref?: () => void }).unref?.();
      this.#waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async #during<T>(call: () => Promise<T>): Promise<T> {
    this.#count++;
    try {
      return await call();
    } finally {
      if (--this.#count === 0) for (const wake of this.#waiting.splice(0)) wake();
    }
  }
}
