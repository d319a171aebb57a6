/**
 * Polls `read` every 200 ms until it answers a value (a throw counts as not yet), or fails naming `what`:
 * for end-to-end tests that wait on a real opencode, a real panel or a real browser.
 * @example const panel = await eventually(() => newestPanel(project), "the plugin's panel is registered");
 */
export async function eventually<T>(
  read: () => Promise<T | null | undefined>,
  what: string,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => null);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
