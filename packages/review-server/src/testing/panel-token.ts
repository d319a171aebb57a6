/**
 * The token a panel link carries: in its fragment (`/#token=`, the form servers print) or its query
 * (`/?token=`, the older form that still works).
 * @example panelToken("http://127.0.0.1:4100/#token=ab12") // "ab12"
 */
export function panelToken(link: string): string {
  const url = new URL(link);
  return new URLSearchParams(url.hash.slice(1)).get("token") ?? url.searchParams.get("token") ?? "";
}
