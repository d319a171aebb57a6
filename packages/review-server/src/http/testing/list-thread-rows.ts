/** How many threads (drafts included) a running server lists, through its HTTP API. */
export async function listThreadRows(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/threads?status=all`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api/threads answered ${res.status}`);
  return ((await res.json()) as { threads: unknown[] }).threads.length;
}
