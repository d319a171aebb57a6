// The terminal half's tests and benchmark drive the real opencode TUI inside tmux. Installs Debian's tmux
// with apt-get when it is missing and this is root; otherwise says how.
import { spawnSync } from "node:child_process";

export function ensureTmux() {
  const present = () => spawnSync("tmux", ["-V"]).status === 0;
  if (present()) return true;
  const canApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0 && process.getuid?.() === 0;
  if (!canApt) {
    console.error("tmux is missing. Install it (Debian: apt-get install tmux), then run again.");
    return false;
  }
  console.log("Installing Debian's tmux for the terminal tests (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install =
    update.status === 0 &&
    spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "tmux"], { stdio: "inherit", env })
      .status === 0;
  if (!install || !present()) console.error("Installing tmux failed; the terminal tests cannot run.");
  return present();
}
