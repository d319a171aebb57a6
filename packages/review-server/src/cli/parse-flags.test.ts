import { describe, expect, it } from "vitest";
import { hostFlag, opencodeUrlFlag, portFlag } from "./flag-values.js";
import { parseFlags } from "./parse-flags.js";

const spec = { repo: "value", port: "value", help: "switch" } as const;

describe("parseFlags", () => {
  it("reads values in both spellings and switches", () => {
    expect(parseFlags(["--repo", "a b", "--port=4321", "--help"], spec)).toEqual({
      ok: true,
      flags: { repo: "a b", port: "4321", help: true },
    });
    // An empty inline value is a value; the command decides whether it makes sense.
    expect(parseFlags(["--repo="], spec)).toEqual({ ok: true, flags: { repo: "" } });
  });

  it.each([
    [["--nope"], "unknown flag --nope"],
    [["-p", "1"], "unknown flag -p"],
    [["serve"], 'unexpected argument "serve"'],
    [["--port"], "--port needs a value"],
    [["--repo", "--port", "1"], "--repo needs a value"],
    [["--help=yes"], "--help takes no value"],
    [["--port", "1", "--port", "2"], "--port is given twice"],
  ])("refuses %j with one line", (args, message) => {
    expect(parseFlags(args, spec)).toEqual({ ok: false, message });
  });
});

describe("flag values", () => {
  it("takes ports 0 to 65535 in plain digits only", () => {
    expect(portFlag("0")).toEqual({ ok: true, value: 0 });
    expect(portFlag("65535")).toEqual({ ok: true, value: 65535 });
    for (const bad of ["65536", "abc", "-1", "1e3", "0x10", " 80", "", "4.5"]) expect(portFlag(bad).ok).toBe(false);
  });

  it("takes loopback hosts only", () => {
    for (const good of ["127.0.0.1", "127.1.2.3", "::1", "localhost"]) expect(hostFlag(good).ok).toBe(true);
    for (const bad of ["0.0.0.0", "192.168.1.2", "example.com", "::"]) expect(hostFlag(bad).ok).toBe(false);
  });

  it("takes http(s) opencode addresses and drops a trailing slash", () => {
    expect(opencodeUrlFlag("http://127.0.0.1:4096/")).toEqual({ ok: true, value: "http://127.0.0.1:4096" });
    expect(opencodeUrlFlag("127.0.0.1:4096").ok).toBe(false);
    expect(opencodeUrlFlag("ftp://x").ok).toBe(false);
  });
});
