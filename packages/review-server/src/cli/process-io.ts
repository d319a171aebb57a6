import type { CliIo } from "./cli-io.js";

/**
 * The real process as a command's IO: its folder, stdout and stderr, and SIGINT/SIGTERM as the request
 * to stop. A second signal while stopping ends the process at once (exit 130), for a stop that hangs.
 * @example const code = await runCli(process.argv.slice(2), processIo())
 */
export function processIo(): CliIo {
  let stopRequested: Promise<string> | undefined;
  // Handlers go in only when a command waits for a stop: until then Ctrl-C ends the process as usual.
  const listen = (): Promise<string> =>
    new Promise<string>((resolve) => {
      let asked = false;
      const onSignal = (signal: NodeJS.Signals): void => {
        if (asked) process.exit(130);
        asked = true;
        resolve(signal);
      };
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
    });
  return {
    cwd: process.cwd(),
    out: (text) => void process.stdout.write(`${text}\n`),
    err: (text) => void process.stderr.write(`${text}\n`),
    get stopRequested() {
      return (stopRequested ??= listen());
    },
    env: process.env,
    stdio: { input: process.stdin, output: process.stdout },
  };
}
