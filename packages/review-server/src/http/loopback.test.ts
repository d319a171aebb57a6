import { describe, expect, it } from "vitest";
import { loopbackHosts, parseLoopbackHost, requireLoopbackHost } from "./loopback.js";

describe("parseLoopbackHost", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1", "127.0.0.1"],
    ["127.1.2.3", "127.1.2.3", "127.1.2.3"],
    ["::1", "::1", "[::1]"],
    ["[::1]", "::1", "[::1]"],
    ["localhost", "127.0.0.1", "localhost"],
    ["LocalHost", "127.0.0.1", "localhost"],
  ])("accepts %s", (host, bind, urlHost) => {
    expect(parseLoopbackHost(host)).toEqual({ bind, urlHost });
  });

  it.each([
    "0.0.0.0",
    "::",
    "127.0.0.256",
    "128.0.0.1",
    "192.168.0.2",
    "::ffff:127.0.0.1",
    "localhost.evil.example",
    "",
  ])("refuses %s", (host) => {
    expect(parseLoopbackHost(host)).toBeNull();
    expect(() => requireLoopbackHost(host)).toThrow(`host ${host} is not a loopback address`);
  });
});

describe("loopbackHosts", () => {
  it("names the server by every loopback name, and by a bound 127.x address", () => {
    expect(loopbackHosts("127.0.0.1", 4321)).toEqual(["127.0.0.1:4321", "localhost:4321", "[::1]:4321"]);
    expect(loopbackHosts("127.0.0.2", 80)).toEqual(["127.0.0.1:80", "localhost:80", "[::1]:80", "127.0.0.2:80"]);
  });
});
