// The one place that decides which server the browser tests talk to. Today: the development fixture
// (dev/fixture-server.mjs). To test against the real server, make startPanelTarget start it and return
// the same shape (agentReply then goes through the agent's review_reply path).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface PanelTarget {
  /** The panel's address with its token, as a person opens it. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  /** The agent answers a thread, as `review_reply` would; `resolved` asks for a (checked) resolve. */
  readonly agentReply: (threadId: string, body: string, resolved?: boolean) => Promise<void>;
  readonly close: () => Promise<void>;
}

export interface PanelTargetOptions {
  /** false: releases go out as prose (the `tools: false` mode). */
  readonly tools?: boolean;
  /** Generate a large diff with this many changed lines over 300 files instead of the small fixture. */
  readonly bigDiff?: number;
}

const panelIndex = fileURLToPath(new URL("../../review-server/dist/panel/index.html", import.meta.url));

/**
 * Starts the server the browser tests use and returns its panel URL and controls.
 * @example const target = await startPanelTarget({ tools: false }); await page.goto(target.url)
 */
export async function startPanelTarget(options: PanelTargetOptions = {}): Promise<PanelTarget> {
  if (!existsSync(panelIndex)) throw new Error(`The panel is not built (${panelIndex}). Run: pnpm --filter @opencode-review/panel build`);
  const fixturePath = "../dev/fixture-server.mjs";
  const { startFixtureServer } = (await import(/* @vite-ignore */ fixturePath)) as {
    startFixtureServer: (o: { port?: number; tools?: boolean; big?: number }) => Promise<{
      url: string;
      origin: string;
      token: string;
      agentReply: (id: string, body: string, resolved?: boolean) => Promise<unknown>;
      close: () => Promise<void>;
    }>;
  };
  const server = await startFixtureServer({ port: 0, tools: options.tools ?? true, big: options.bigDiff ?? 0 });
  return {
    url: server.url,
    origin: server.origin,
    token: server.token,
    agentReply: async (id, body, resolved) => void (await server.agentReply(id, body, resolved)),
    close: server.close,
  };
}
