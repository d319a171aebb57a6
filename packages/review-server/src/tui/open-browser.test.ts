import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { browserLaunch, openInBrowser } from "./open-browser.js";

const bin = mkdtempSync(join(tmpdir(), "opencode-review-browser-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));
const program = (name: string, body = "") => {
  const path = join(bin, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
};
const url = "http://127.0.0.1:4321/#token=ab&file=a.ts&line=6";

describe("opening the web panel in a browser from the terminal", () => {
  it("takes the first runnable BROWSER entry, with %s where the link goes, else the link as the last argument", () => {
    const firefox = program("firefox");
    expect(browserLaunch(url, { env: { BROWSER: "nothere:firefox", PATH: bin }, platform: "linux" })).toEqual({
      kind: "launch",
      command: firefox,
      args: [url],
    });
    expect(browserLaunch(url, { env: { BROWSER: `${firefox} --new-tab %s`, PATH: "" }, platform: "linux" })).toEqual({
      kind: "launch",
      command: firefox,
      args: ["--new-tab", url],
    });
    expect(browserLaunch(url, { env: { BROWSER: "nothere", PATH: bin }, platform: "linux" })).toMatchObject({
      kind: "none",
      reason: expect.stringContaining("BROWSER"),
    });
  });

  it("uses the desktop's opener, and none on Linux without a display or without xdg-open", () => {
    expect(browserLaunch(url, { env: {}, platform: "darwin" })).toEqual({
      kind: "launch",
      command: "open",
      args: [url],
    });
    expect(browserLaunch(url, { env: {}, platform: "win32" })).toEqual({
      kind: "launch",
      command: "rundll32",
      args: ["url.dll,FileProtocolHandler", url],
    });
    expect(browserLaunch(url, { env: { PATH: bin }, platform: "linux" })).toMatchObject({
      kind: "none",
      reason: expect.stringContaining("no display"),
    });
    expect(browserLaunch(url, { env: { PATH: join(bin, "empty"), DISPLAY: ":0" }, platform: "linux" })).toMatchObject({
      kind: "none",
      reason: expect.stringContaining("xdg-open"),
    });
    const opener = program("xdg-open");
    expect(browserLaunch(url, { env: { PATH: bin, WAYLAND_DISPLAY: "wayland-0" }, platform: "linux" })).toEqual({
      kind: "launch",
      command: opener,
      args: [url],
    });
  });

  it("starts the program without a shell and without waiting for it: the link arrives as one argument", async () => {
    const got = join(bin, "got.txt");
    // Sleeps after writing: openInBrowser must resolve long before the program ends.
    const browser = program("recorder", `printf '%s\\n' "$@" > "${got}"; sleep 30`);
    const tricky = `${url}&x=$(touch ${join(bin, "pwned")});ls`;
    const started = Date.now();
    expect(
      await openInBrowser(tricky, { env: { BROWSER: browser, PATH: process.env.PATH }, platform: "linux" }),
    ).toEqual({ opened: true });
    expect(Date.now() - started).toBeLessThan(10_000);
    for (let i = 0; i < 100 && !existsSync(got); i++) await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(got, "utf8")).toBe(`${tricky}\n`);
    expect(existsSync(join(bin, "pwned"))).toBe(false);
  });

  it("says why when nothing could be opened, and an opener that fails to start is an answer, not a throw", async () => {
    expect(await openInBrowser(url, { env: { PATH: bin }, platform: "linux" })).toMatchObject({
      opened: false,
      reason: expect.stringContaining("no display"),
    });
    const broken = program("broken");
    chmodSync(broken, 0o644);
    expect(await openInBrowser(url, { env: { BROWSER: `${broken}`, PATH: "" }, platform: "linux" })).toMatchObject({
      opened: false,
    });
  });
});
