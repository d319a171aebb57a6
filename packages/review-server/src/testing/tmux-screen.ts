import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where every screen a terminal test sees is saved as text, to be read by a person. */
export const SCREENS_DIR = fileURLToPath(new URL("../../../../.test-results/tui", import.meta.url));

/**
 * The tmux server this process's sessions run on, of its own (`tmux -L`): sessions, buffers and server
 * options of another checkout's tests running at the same time (a CI run beside a local one) are not ours.
 */
const SOCKET = `opencode-review-tests-${process.pid}`;

/**
 * A tmux command line on this process's own server.
 * @example spawnSync("tmux", tmuxArgs("show-buffer"), { encoding: "utf8" })
 */
export function tmuxArgs(...args: string[]): string[] {
  return ["-L", SOCKET, ...args];
}

/** A program running in a detached tmux session of a fixed size, read through `capture-pane`. */
export interface TmuxScreen {
  readonly name: string;
  /** The screen as text now. */
  capture(): string;
  /** Polls every 100 ms until `match` holds for the screen (a string it contains, or a test); returns that screen. */
  waitFor(match: string | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** tmux key names (`C-x`, `Enter`, `Escape`, `j`), sent one after another. */
  keys(...keys: string[]): void;
  /** Literal text, typed as it is. */
  type(text: string): void;
  /** Saves the screen now as `<test>-<label>.txt` under SCREENS_DIR and returns it. */
  save(label: string): string;
  kill(): void;
}

/**
 * Whether tmux can be run here (the terminal tests skip with a reason when not).
 * @example it.skipIf(!hasTmux())("opens the review", ...)
 */
export function hasTmux(): boolean {
  return spawnSync("tmux", ["-V"]).status === 0;
}

/**
 * Starts `command` in a new tmux session named `name` (tests use a `tui-` prefix), `width` x `height`.
 * @example const screen = startTmux({ name: "tui-open", cwd: dir, env, command: [opencode], width: 160, height: 48 });
 */
export function startTmux(options: {
  readonly name: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly command: readonly string[];
  readonly width: number;
  readonly height: number;
}): TmuxScreen {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const env = Object.entries({ TERM: "xterm-256color", LANG: "C.UTF-8", ...options.env }).map(
    ([k, v]) => `${k}=${quote(v)}`,
  );
  const line = ["env", ...env, ...options.command.map(quote)].join(" ");
  spawnSync("tmux", tmuxArgs("kill-session", "-t", options.name), { stdio: "ignore" });
  execFileSync(
    "tmux",
    tmuxArgs(
      "new-session",
      "-d",
      "-s",
      options.name,
      "-x",
      String(options.width),
      "-y",
      String(options.height),
      "-c",
      options.cwd,
      line,
    ),
  );
  // A fixed size even when tmux has a client of another size attached.
  spawnSync("tmux", tmuxArgs("set-option", "-t", options.name, "window-size", "manual"), { stdio: "ignore" });
  spawnSync(
    "tmux",
    tmuxArgs("resize-window", "-t", options.name, "-x", String(options.width), "-y", String(options.height)),
    { stdio: "ignore" },
  );
  mkdirSync(SCREENS_DIR, { recursive: true });
  let saved = 0;
  const capture = () => {
    const out = spawnSync("tmux", tmuxArgs("capture-pane", "-p", "-t", options.name), { encoding: "utf8" });
    return out.status === 0 ? out.stdout : "";
  };
  return {
    name: options.name,
    capture,
    waitFor: async (match, timeoutMs = 30_000) => {
      const test = typeof match === "string" ? (s: string) => s.includes(match) : match;
      const until = Date.now() + timeoutMs;
      let last = "";
      while (Date.now() < until) {
        last = capture();
        if (test(last)) return last;
        await new Promise((r) => setTimeout(r, 100));
      }
      const file = join(SCREENS_DIR, `${options.name}-timeout-${++saved}.txt`);
      writeFileSync(file, last);
      throw new Error(
        `tmux ${options.name}: waited ${timeoutMs} ms for ${typeof match === "string" ? JSON.stringify(match) : "a screen"}; the last screen is in ${file}:\n${last}`,
      );
    },
    keys: (...keys) => {
      for (const key of keys) execFileSync("tmux", tmuxArgs("send-keys", "-t", options.name, key));
    },
    type: (text) => void execFileSync("tmux", tmuxArgs("send-keys", "-t", options.name, "-l", text)),
    save: (label) => {
      const screen = capture();
      writeFileSync(join(SCREENS_DIR, `${options.name}-${String(++saved).padStart(2, "0")}-${label}.txt`), screen);
      return screen;
    },
    kill: () => void spawnSync("tmux", tmuxArgs("kill-session", "-t", options.name), { stdio: "ignore" }),
  };
}
