import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * When process `pid` started, as a text that stays the same for the life of that process and differs for
 * a later process given the same pid; null when it cannot be told (no such process, or no way to ask).
 * Linux: field 22 of /proc/PID/stat (clock ticks after boot); elsewhere `ps -o lstart=` (to the second).
 * @example processStartTime(process.pid) // "123456789"
 */
export function processStartTime(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (process.platform === "linux") {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // fields[0] is field 3 (the state), so field 22 is fields[19].
      const started = fields[19];
      return started !== undefined && /^\d+$/.test(started) ? started : null;
    } catch {
      return null;
    }
  }
  if (process.platform === "win32") return null;
  const ps = spawnSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", timeout: 2000 });
  const started = ps.status === 0 ? ps.stdout.trim() : "";
  return started === "" ? null : started;
}

/**
 * Whether the process that owns a row (a run it drives, a release it delivers) still exists: a row whose
 * owner is gone was interrupted, and the next process to start takes it over or ends it. With `started`
 * (the owner's processStartTime, recorded with the row), a live process that merely has the owner's pid
 * (the pid was reused after the owner died, say by a restarted container) is not the owner; without it
 * (a row of an older version, or a system that cannot tell) the pid alone decides.
 * @example if (!processAlive(run.owner_pid, run.owner_started)) await cancel(run)
 */
export function processAlive(pid: number, started: string | null = null): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, run by another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (started === null) return true;
  const now = processStartTime(pid);
  return now === null || now === started;
}

/**
 * Whether a row's owner is this very process (its pid, and its start time when one was recorded).
 * @example if (!isThisProcess(row.owner_pid, row.owner_started) && !processAlive(row.owner_pid, row.owner_started)) takeOver(row)
 */
export function isThisProcess(pid: number | null, started: string | null): boolean {
  if (pid !== process.pid) return false;
  return started === null || started === processStartTime(process.pid);
}
