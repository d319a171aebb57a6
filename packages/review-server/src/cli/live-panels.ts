import { existsSync } from "node:fs";
import { defaultDbPath, type Repository } from "../git/index.js";
import { panelLink } from "../http/panel-link.js";
import { processAlive } from "../service/review/owner-process.js";
import { listServers, openStore, readPanelToken, type ServerRow } from "../store/index.js";

/** A panel that has not refreshed its heartbeat for this long is taken for dead (it beats every 30 s). */
export const PANEL_STALE_MS = 90_000;

// One test of a process's life for every row that names an owner (runs, releases, panels).
export { processAlive } from "../service/review/owner-process.js";

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

/** A running panel with the link the person opens: with its token when this user can read the token's file. */
export interface LivePanelLink {
  readonly row: ServerRow;
  /** null: the token file is gone or another user's, and `link` is the bare URL. */
  readonly token: string | null;
  readonly link: string;
}

/**
 * The running panels with their links (`/#token=`), each token read from its server's 0600 file beside the
 * store: the database holds URLs only.
 * @example (await livePanelLinks(repo)).map((p) => p.link) // ["http://127.0.0.1:4321/#token=3f9c..."]
 */
export async function livePanelLinks(
  repo: Repository,
  options: { readonly dbPath?: string; readonly now?: number; readonly alive?: (pid: number) => boolean } = {},
): Promise<LivePanelLink[]> {
  const path = options.dbPath ?? defaultDbPath(repo);
  return (await livePanels(repo, options)).map((row) => {
    const token = readPanelToken(path, row.url);
    return { row, token, link: token === null ? row.url : panelLink(row.url, token) };
  });
}
