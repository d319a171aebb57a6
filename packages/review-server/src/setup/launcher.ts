/** How a client starts `opencode-review`: a program and its first arguments. */
export interface Launcher {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * The published package through npx, as users set it up (`-y`: never stop at npx's install question,
 * which a client's hook or MCP start could not answer).
 * @example npxLauncher() // { command: "npx", args: ["-y", "opencode-review"] }
 */
export function npxLauncher(): Launcher {
  return { command: "npx", args: ["-y", "opencode-review"] };
}

/**
 * This very build, by absolute path (for a checkout of opencode-review, and its tests).
 * @example localLauncher("/src/opencode-review/packages/review-server/dist/cli.js")
 */
export function localLauncher(cliPath: string, nodePath: string): Launcher {
  return { command: nodePath, args: [cliPath] };
}

/** POSIX shell quoting: hook commands are run by a shell. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The launcher and more arguments as one shell command line, for a hook.
 * @example hookCommandLine(npxLauncher(), ["hook", "stop"]) // "npx -y opencode-review hook stop"
 */
export function hookCommandLine(launcher: Launcher, more: readonly string[]): string {
  return [launcher.command, ...launcher.args, ...more].map(shellWord).join(" ");
}
