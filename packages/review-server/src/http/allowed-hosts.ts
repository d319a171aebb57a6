/**
 * The `Host` values that name this server. A function, because with port 0 the port, and so the
 * list, is known only once the socket is bound; until then it answers an empty list and every
 * request is refused, which is the safe way to be early.
 */
export type AllowedHosts = readonly string[] | (() => readonly string[]);

/**
 * The current list, lower-cased, whichever form it was given in.
 * @example currentHosts(() => ["127.0.0.1:4321"]) // ["127.0.0.1:4321"]
 */
export function currentHosts(allowed: AllowedHosts): readonly string[] {
  const hosts = typeof allowed === "function" ? allowed() : allowed;
  return hosts.map((host) => host.toLowerCase());
}
