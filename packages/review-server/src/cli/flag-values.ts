import { parseLoopbackHost } from "../http/loopback.js";

/** A flag's value as the command uses it, or the one line that says why it cannot be used. */
export type FlagValue<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/**
 * A port number from 0 to 65535 (0: any free port), written in plain decimal digits.
 * @example portFlag("4321") // { ok: true, value: 4321 }
 */
export function portFlag(text: string): FlagValue<number> {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    return {
      ok: false,
      message: `--port ${JSON.stringify(text)} is not a port number; use 0 to 65535 (0: any free port)`,
    };
  }
  return { ok: true, value: port };
}

/**
 * A loopback host (127.0.0.1, another 127.x.y.z, ::1 or localhost): the panel is never served to the network.
 * @example hostFlag("0.0.0.0") // { ok: false, message: "--host 0.0.0.0 is not a loopback address; ..." }
 */
export function hostFlag(text: string): FlagValue<string> {
  if (parseLoopbackHost(text) === null) {
    return {
      ok: false,
      message: `--host ${text} is not a loopback address; the panel only listens on 127.0.0.1, ::1 or localhost`,
    };
  }
  return { ok: true, value: text };
}

/**
 * The address of an `opencode serve` process: an http or https URL.
 * @example opencodeUrlFlag("http://127.0.0.1:4096") // { ok: true, value: "http://127.0.0.1:4096" }
 */
export function opencodeUrlFlag(text: string): FlagValue<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      message: `--opencode ${JSON.stringify(text)} is not a URL; give the address opencode serve prints, like http://127.0.0.1:4096`,
    };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return {
      ok: false,
      message: `--opencode ${text} is not an http address; give the address opencode serve prints, like http://127.0.0.1:4096`,
    };
  }
  // The sdk joins routes onto the base URL; a trailing slash would double it.
  return { ok: true, value: text.replace(/\/+$/, "") };
}
