/** The flags a command takes: each one either carries a value (`--port 4321`, `--port=4321`) or not (`--help`). */
export type FlagSpec = Readonly<Record<string, "value" | "switch">>;

/** The flags given: a value for value flags, `true` for switches; flags not given are absent. */
export type FlagValues = Readonly<Record<string, string | true>>;

/** The outcome of reading a command line: the flags, or the one line that says what is wrong. */
export type ParsedFlags =
  | { readonly ok: true; readonly flags: FlagValues }
  | { readonly ok: false; readonly message: string };

/**
 * Reads `--name value`, `--name=value` and `--switch` against a command's spec; anything else (an unknown
 * flag, a missing value, a stray word, a flag given twice) is refused with one line saying what is wrong.
 * @example parseFlags(["--port", "4321"], { port: "value", help: "switch" }) // { ok: true, flags: { port: "4321" } }
 */
export function parseFlags(args: readonly string[], spec: FlagSpec): ParsedFlags {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg);
    if (match === null) {
      return { ok: false, message: arg.startsWith("-") ? `unknown flag ${arg}` : `unexpected argument "${arg}"` };
    }
    const name = match[1]!;
    const kind = spec[name];
    if (kind === undefined) return { ok: false, message: `unknown flag --${name}` };
    if (Object.hasOwn(flags, name)) return { ok: false, message: `--${name} is given twice` };
    const inline = match[2];
    if (kind === "switch") {
      if (inline !== undefined) return { ok: false, message: `--${name} takes no value` };
      flags[name] = true;
      continue;
    }
    if (inline !== undefined) {
      flags[name] = inline;
      continue;
    }
    const next = args[i + 1];
    // A following flag is never taken as the value: `--repo --port 1` means the value was forgotten.
    if (next === undefined || next.startsWith("--")) return { ok: false, message: `--${name} needs a value` };
    flags[name] = next;
    i++;
  }
  return { ok: true, flags };
}
