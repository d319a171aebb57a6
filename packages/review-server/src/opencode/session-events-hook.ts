import type { Hooks } from "@opencode-ai/plugin";
import type { PluginNotice } from "./plugin-notice.js";
import type { ReleaseOperations, RoundOperations } from "../service/index.js";
import type { ServiceSource } from "../tools/service-source.js";

type EventHook = NonNullable<Hooks["event"]>;

interface KnownSession {
  readonly id: string;
  readonly title: string;
  readonly directory: string;
}

// session.updated fires on every touch of a busy session; the same sighting again this soon adds nothing.
const SAME_SIGHTING_MS = 5_000;

/**
 * The event hook: sessions seen being created, updated or busy are recorded (the most recently active one
 * receives the next release, and one that waits for a session goes to it at once), and a session going idle takes a round when the work tree changed. Nothing
 * here is awaited by opencode, so failures go to the log.
 * @example hooks.event = sessionEventsHook(source, notice);
 */
export function sessionEventsHook(
  source: ServiceSource<ReleaseOperations & RoundOperations>,
  notice: PluginNotice,
  clock: () => number = Date.now,
): EventHook {
  const known = new Map<string, KnownSession>();
  let last: { readonly key: string; readonly at: number } | null = null;

  const record = (session: KnownSession) => {
    const key = `${session.id}\n${session.title}`;
    const at = clock();
    if (last !== null && last.key === key && at - last.at < SAME_SIGHTING_MS) return;
    last = { key, at };
    // A release made before there was any session waits for the first one seen: it goes there now.
    void run("record the session", async (service) => {
      await service.recordSession(session);
      await service.deliverWaiting(session.id);
    });
  };

  const run = async (what: string, work: (service: ReleaseOperations & RoundOperations) => Promise<unknown>) => {
    // No server (not a git repository): already said once at start-up.
    const service = await source().catch(() => null);
    if (service === null) return;
    await work(service).catch((error: unknown) =>
      notice.log(
        "error",
        `opencode-review could not ${what}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  };

  return async ({ event }) => {
    switch (event.type) {
      case "session.created":
      case "session.updated": {
        const info = event.properties.info;
        // A subagent's session is not where the person's review should land.
        if (info.parentID !== undefined) return;
        const session = { id: info.id, title: info.title, directory: info.directory };
        known.set(info.id, session);
        record(session);
        return;
      }
      case "session.status": {
        const session = known.get(event.properties.sessionID);
        if (session !== undefined && event.properties.status.type === "busy") record(session);
        return;
      }
      case "session.idle":
        void run("take a round of the work tree", (service) => service.takeRoundIfChanged());
        return;
      default:
        return;
    }
  };
}
