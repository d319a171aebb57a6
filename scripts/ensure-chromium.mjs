// The panel's browser tests and benchmark drive Debian's Chromium (playwright never downloads a browser
// here). Installs it with apt-get when it is missing and this is root; otherwise says how. CHROMIUM_PATH
// names another browser binary, as the browser tests and the panel benchmark read it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CHROMIUM_PATH) {
    console.error(
      `CHROMIUM_PATH names ${CHROMIUM}, which does not exist. Point it at a Chromium binary, or unset it to use Debian's.`,
    );
    return false;
  }
  const canApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0 && process.getuid?.() === 0;
  if (!canApt) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it (Debian: apt-get install chromium), then run again.`);
    return false;
  }
  console.log("Installing Debian's Chromium for the browser tests (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install =
    update.status === 0 &&
    spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], { stdio: "inherit", env })
      .status === 0;
  if (!install || !existsSync(CHROMIUM)) console.error("Installing Chromium failed; the browser tests cannot run.");
  return existsSync(CHROMIUM);
}
