/**
 * The token a panel link carries: in its fragment (`/#token=`, the form servers print) or its query
 * (`/?token=`, the older form that still works).
 * @example panelToken("http://127.0.0.1:4100/#token=ab12") // "ab12"
 */
export function panelToken(link: string): string {
  const url = new URL(link);
  return new URLSearchParams(url.hash.slice(1)).get("token") ?? url.searchParams.get("token") ?? "";
}

/**
 * A panel's API as the person's browser calls it: the link's token as a bearer header on every `/api` call.
 * @example const panel = panelApi(link); (await panel.call("GET", "/threads")).json.threads
 */
export function panelApi(panelUrl: string) {
  const url = new URL(panelUrl);
  const token = panelToken(url.href);
  return {
    panelUrl,
    async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
      const response = await fetch(`${url.origin}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    },
  };
}
