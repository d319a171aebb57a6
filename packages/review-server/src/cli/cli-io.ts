/** What a command reads from and writes to: injected, so commands run in tests without a process of their own. */
export interface CliIo {
  /** The folder the command was started from; relative `--repo` paths start here. */
  readonly cwd: string;
  /** One or more lines for the person (the results: URLs, summaries). */
  out(text: string): void;
  /** One or more lines about problems. */
  err(text: string): void;
  /** Settles when the person asks a long-running command to stop (Ctrl-C, SIGTERM); names the signal. */
  readonly stopRequested: Promise<string>;
  /** The process's environment (`mcp` and `hook` read `CLAUDE_PROJECT_DIR`); absent in tests that give none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The raw standard streams, for a command that speaks a protocol on them (`mcp`) or reads its input (`hook`). */
  readonly stdio?: { readonly input: NodeJS.ReadableStream; readonly output: NodeJS.WritableStream };
}
