/**
 * Whether the process that owns a row (a run it drives, a release it delivers) still exists: a row whose
 * owner is gone was interrupted, and the next process to start takes it over or ends it.
 * @example if (!processAlive(run.owner_pid)) await cancel(run)
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, run by another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
