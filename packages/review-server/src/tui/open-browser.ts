// Opening the web panel's link in the person's browser from the terminal half, where one can be opened:
// `$BROWSER` when set (the convention Python's webbrowser and git web--browse follow), else the desktop's
// opener. Never through a shell (the link is one argument), never waited for (the TUI keeps drawing), and
// never on a Linux machine without a display (an ssh session): then the link is only copied and shown.
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

/** What decides how a link opens here; the process's own by default, handed in by tests. */
export interface BrowserHost {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
}

export type BrowserLaunch =
  | { readonly kind: "launch"; readonly command: string; readonly args: readonly string[] }
  | { readonly kind: "none"; readonly reason: string };

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The program's path when it can be run: an absolute path as it is, a bare name looked up on PATH. */
function findProgram(name: string, env: BrowserHost["env"]): string | null {
  if (isAbsolute(name)) return executable(name) ? name : null;
  if (name.includes("/")) return null;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir !== "" && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * How `url` would be opened here, or why it would not: the first runnable `$BROWSER` entry (`:`-separated;
 * `%s` marks where the link goes, else it is the last argument), else `open` on macOS, `rundll32`'s URL
 * handler on Windows, `xdg-open` elsewhere when a display is there.
 * @example browserLaunch("http://127.0.0.1:4321/#token=ab", { env: { BROWSER: "firefox", PATH: "/usr/bin" }, platform: "linux" }) // { kind: "launch", command: "/usr/bin/firefox", args: [url] }
 */
export function browserLaunch(url: string, host: BrowserHost): BrowserLaunch {
  const chosen = host.env.BROWSER?.trim();
  if (chosen) {
    for (const entry of chosen.split(host.platform === "win32" ? ";" : ":")) {
      const words = entry.includes("%s") ? entry.trim().split(/\s+/) : [entry.trim()];
      const program = words[0] ? findProgram(words[0], host.env) : null;
      if (program === null) continue;
      const rest = words.slice(1);
      return {
        kind: "launch",
        command: program,
        args: entry.includes("%s") ? rest.map((w) => w.replaceAll("%s", url)) : [url],
      };
    }
    return { kind: "none", reason: `no program named in BROWSER (${chosen}) could be run` };
  }
  if (host.platform === "darwin") return { kind: "launch", command: "open", args: [url] };
  if (host.platform === "win32")
    return { kind: "launch", command: "rundll32", args: ["url.dll,FileProtocolHandler", url] };
  if (!host.env.DISPLAY && !host.env.WAYLAND_DISPLAY)
    return { kind: "none", reason: "there is no display here (set BROWSER to choose a browser)" };
  const opener = findProgram("xdg-open", host.env);
  return opener === null
    ? { kind: "none", reason: "xdg-open was not found (set BROWSER to choose a browser)" }
    : { kind: "launch", command: opener, args: [url] };
}

/**
 * Opens `url` in a browser without waiting for it; resolves once the program started, or with why not.
 * @example const opened = await openInBrowser(link); if (!opened.opened) say(opened.reason);
 */
export function openInBrowser(
  url: string,
  host: BrowserHost = { env: process.env, platform: process.platform },
): Promise<{ readonly opened: true } | { readonly opened: false; readonly reason: string }> {
  const launch = browserLaunch(url, host);
  if (launch.kind === "none") return Promise.resolve({ opened: false, reason: launch.reason });
  return new Promise((resolve) => {
    try {
      // Its own process group and no stdio: the browser outlives nothing of ours and never writes into the TUI.
      const child = spawn(launch.command, [...launch.args], {
        detached: true,
        stdio: "ignore",
        shell: false,
        env: { ...host.env },
      });
      let settled = false;
      const settle = (outcome: { readonly opened: true } | { readonly opened: false; readonly reason: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(quiet);
        resolve(outcome);
      };
      child.once("error", (error) =>
        settle({ opened: false, reason: `${launch.command} could not be started: ${error.message}` }),
      );
      child.once("spawn", () => settle({ opened: true }));
      // A runtime that never says "spawn" (not every Bun does) has started it once no error came.
      const quiet = setTimeout(() => settle({ opened: true }), 1500);
      child.unref();
    } catch (error) {
      resolve({
        opened: false,
        reason: `${launch.command} could not be started: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
}
