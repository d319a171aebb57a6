import { isIPv4 } from "node:net";
import { ReviewError } from "@opencode-review/core";

/** A host the review server may bind: where to bind and how URLs should name it. */
export interface LoopbackHost {
  /** What the socket binds (`localhost` binds 127.0.0.1, so the address never depends on resolver order). */
  readonly bind: string;
  /** The host part of URLs, bracketed for IPv6. */
  readonly urlHost: string;
}

/**
 * Accepts only loopback hosts (`127.0.0.1`, any `127.x.y.z`, `::1`, `localhost`) and refuses the rest
 * as a value, so the caller decides how to report it.
 * @example parseLoopbackHost("::1") // { bind: "::1", urlHost: "[::1]" }
 */
export function parseLoopbackHost(host: string): LoopbackHost | null {
  const name = host.trim().toLowerCase();
  if (name === "localhost") return { bind: "127.0.0.1", urlHost: "localhost" };
  if (name === "::1" || name === "[::1]") return { bind: "::1", urlHost: "[::1]" };
  if (isIPv4(name) && name.split(".")[0] === "127") return { bind: name, urlHost: name };
  return null;
}

/**
 * Like `parseLoopbackHost`, but throws the `invalid_input` ReviewError the options edge reports.
 * @example requireLoopbackHost("0.0.0.0") // throws: host 0.0.0.0 is not a loopback address; ...
 */
export function requireLoopbackHost(host: string): LoopbackHost {
  const parsed = parseLoopbackHost(host);
  if (parsed) return parsed;
  throw new ReviewError(
    "invalid_input",
    `host ${host} is not a loopback address; the review server only listens on 127.0.0.1 or ::1`,
  );
}

/**
 * The `Host` header values that name this server: the loopback names a browser may use, and the bound host.
 * @example loopbackHosts("127.0.0.1", 4321) // ["127.0.0.1:4321", "localhost:4321", "[::1]:4321"]
 */
export function loopbackHosts(host: string, port: number): readonly string[] {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const own = parseLoopbackHost(host);
  if (own && !hosts.includes(`${own.urlHost}:${port}`)) hosts.push(`${own.urlHost}:${port}`);
  return hosts;
}
