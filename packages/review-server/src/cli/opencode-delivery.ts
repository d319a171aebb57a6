import { createOpencodeClient, type Session } from "@opencode-ai/sdk/client";
import type { ReleaseDelivery } from "../service/index.js";

export interface OpencodeDeliveryOptions {
  /** The address of an `opencode serve` process, like http://127.0.0.1:4096. */
  readonly baseUrl: string;
  /** The session releases go to; default: the server's most recently updated session at each release. */
  readonly sessionId?: string;
}

/** The session a release goes to when none was named: the newest top-level one (subagent sessions have a parent). */
function newestSession(sessions: readonly Session[]): Session | undefined {
  const candidates = sessions.some((s) => s.parentID === undefined)
    ? sessions.filter((s) => s.parentID === undefined)
    : sessions;
  return [...candidates].sort((a, b) => b.time.updated - a.time.updated)[0];
}

/**
 * Delivers released reviews as prose messages into a session of an opencode server (queued there while the
 * session is busy); the release's own session hint is not used, since it names sessions of other processes.
 * @example const delivery = opencodeDelivery({ baseUrl: "http://127.0.0.1:4096" }); await delivery.deliver({ sessionId: null, text })
 */
export function opencodeDelivery(options: OpencodeDeliveryOptions): ReleaseDelivery & {
  target(): Promise<{ readonly id: string; readonly title: string } | null>;
  /** Asks the server for its sessions: null when it answers, else why it cannot be reached. */
  probe(): Promise<string | null>;
} {
  const client = createOpencodeClient({ baseUrl: options.baseUrl });
  const pickSession = async (): Promise<string | null> => {
    if (options.sessionId !== undefined) return options.sessionId;
    const { data } = await client.session.list({ throwOnError: true });
    return newestSession(data)?.id ?? null;
  };
  return {
    mode: "prose",
    async target() {
      // What the panel names: the session a release would go to now, or none when the server does not answer.
      try {
        const { data } = await client.session.list({ throwOnError: true });
        const session =
          options.sessionId === undefined ? newestSession(data) : data.find((s) => s.id === options.sessionId);
        if (session !== undefined) return { id: session.id, title: session.title };
        return options.sessionId === undefined ? null : { id: options.sessionId, title: options.sessionId };
      } catch {
        return null;
      }
    },
    async deliver({ text }) {
      const id = await pickSession();
      if (id === null) return null;
      await client.session.promptAsync({ path: { id }, body: { parts: [{ type: "text", text }] }, throwOnError: true });
      return { sessionId: id };
    },
    async probe() {
      try {
        await client.session.list({ throwOnError: true });
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
  };
}
