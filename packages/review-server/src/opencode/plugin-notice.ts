import type { PluginInput } from "@opencode-ai/plugin";

/** What the plugin tells the human: opencode's log and the TUI's toasts. Never console output, which garbles the TUI. */
export interface PluginNotice {
  log(level: "debug" | "info" | "warn" | "error", message: string, extra?: Readonly<Record<string, unknown>>): void;
  toast(variant: "info" | "success" | "warning" | "error", message: string): void;
}

const SERVICE = "opencode-review";

/**
 * Log lines and toasts through opencode's client; fire and forget, since a failed notice must never
 * break the session (under `opencode run` there is no TUI to show a toast).
 * @example createPluginNotice(input.client).toast("info", `Review panel: ${panelUrl}`);
 */
export function createPluginNotice(client: PluginInput["client"]): PluginNotice {
  const quietly = (send: () => Promise<unknown>) => {
    try {
      void send().catch(() => {});
    } catch {
      // A client that throws synchronously is just as unable to tell anyone.
    }
  };
  return {
    log(level, message, extra) {
      quietly(() =>
        client.app.log({
          body: { service: SERVICE, level, message, ...(extra === undefined ? {} : { extra: { ...extra } }) },
        }),
      );
    },
    toast(variant, message) {
      quietly(() => client.tui.showToast({ body: { title: "opencode-review", message, variant, duration: 10_000 } }));
    },
  };
}
