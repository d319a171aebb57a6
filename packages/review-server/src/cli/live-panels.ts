import { existsSync } from "node:fs";
import { defaultDbPath, type Repository } from "../git/index.js";
import { listServers, openStore, type ServerRow } from "../store/index.js";

/** A panel that has not refreshed its heartbeat for this long is taken for dead (it beats every 30 s). */
export const PANEL_STALE_MS = 90_000;

/**
 * Whether a process with this id runs on this machine; one we may not signal (EPERM) still runs.
 * @example processAlive(process.pid) // true
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether a recorded panel still runs: its process is alive and its heartbeat is recent.
 * @example isLivePanel(row, Date.now(), processAlive) // false for a panel whose opencode was killed
 */
export function isLivePanel(row: ServerRow, now: number, alive: (pid: number) => boolean): boolean {
  const beat = Date.parse(row.heartbeat_at);
  return Number.isFinite(beat) && now - beat <= PANEL_STALE_MS && alive(row.pid);
}

/**
 * The panels running for a repository (every work tree of it shares the store), newest first. A repository
 * without a review database has none, and none is created by asking.
 * @example const panels = await livePanels(await openRepository(process.cwd())); panels.map((p) => p.url)
 */
export async function livePanels(
  repo: Repository,
  options: { readonly dbPath?: string; readonly now?: number; readonly alive?: (pid: number) => boolean } = {},
): Promise<ServerRow[]> {
  const path = options.dbPath ?? defaultDbPath(repo);
  if (!existsSync(path)) return [];
  const store = await openStore({ path });
  try {
    const now = options.now ?? Date.now();
    const rows = await listServers(store.db);
    return rows.filter((row) => isLivePanel(row, now, options.alive ?? processAlive));
  } finally {
    await store.close();
  }
}
