import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import { noticePage } from "./notice-page.js";
import { readPanelFile, type PanelFile } from "./panel-file.js";
import { tokenCookieName, tokenQueryParameter, tokensEqual, tokenVerdict } from "./token-auth.js";

export interface PanelRouteOptions {
  /** The built panel: `index.html` and `assets/*` with hashed names. */
  readonly panelDir: string;
  readonly token: string;
}

// Hashed names change with their content, so a browser may keep them forever; index.html names them
// and must be asked for again each time.
const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";

const isApi = (path: string): boolean => path === "/api" || path.startsWith("/api/");

function sendFile(c: Context, file: Extract<PanelFile, { kind: "file" }>, cacheControl: string): Response {
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, { "Content-Type": file.contentType, "Cache-Control": cacheControl });
}

function sendNotice(c: Context, status: 401 | 403 | 404 | 503, title: string, paragraphs: readonly string[]): Response {
  c.header("Cache-Control", "no-store");
  return c.html(noticePage(title, paragraphs), status);
}

const getTheLink = "Run `opencode-review url` in the repository to print the link of every panel running for it; opencode also shows the link when it starts the review server.";

/**
 * The browser side of the server: `/?token=` trades the link's token for an HttpOnly cookie and
 * redirects to a clean URL, pages need that cookie, and `/assets/*` is served to anyone who got
 * past the Host check (it is the public build, with no review data in it).
 * @example app.route("/", panelRoute({ panelDir: "/x/dist/panel", token }))
 */
export function panelRoute(options: PanelRouteOptions) {
  const missingBuild = (c: Context): Response =>
    sendNotice(c, 503, "The panel is not built", [
      "The review server is running, but the panel's files are missing.",
      "Run `pnpm build` in the opencode-review repository (it builds the panel into the server package), then reload this page.",
      `Looked in: ${options.panelDir}`,
    ]);

  const servePage = async (c: Context, path: string): Promise<Response> => {
    const wantsIndex = path === "/" || path === "/index.html";
    const file = await readPanelFile(options.panelDir, wantsIndex ? "/index.html" : path);
    if (file.kind === "file") return sendFile(c, file, revalidate);
    if (file.kind === "refused") return sendNotice(c, 403, "Not allowed", ["That path is outside the panel."]);
    // Paths without an extension belong to the panel's own navigation, so they get the panel.
    if (!wantsIndex && !/\.[^/]*$/.test(path)) {
      const index = await readPanelFile(options.panelDir, "/index.html");
      if (index.kind === "file") return sendFile(c, index, revalidate);
    }
    if (wantsIndex || !/\.[^/]*$/.test(path)) return missingBuild(c);
    return sendNotice(c, 404, "Not found", [`The panel has no file ${path}.`]);
  };

  return new Hono().get("*", async (c) => {
    // The raw path, still percent-encoded: readPanelFile decodes it once and checks what it decoded.
    const path = new URL(c.req.url).pathname;
    if (isApi(c.req.path)) return c.notFound();

    if (path.startsWith("/assets/")) {
      const file = await readPanelFile(options.panelDir, path);
      if (file.kind === "file") return sendFile(c, file, immutable);
      if (file.kind === "refused") return sendNotice(c, 403, "Not allowed", ["That path is outside the panel."]);
      return sendNotice(c, 404, "Not found", [`The panel has no file ${path}.`]);
    }

    const linkToken = c.req.query(tokenQueryParameter);
    if (linkToken !== undefined) {
      if (!tokensEqual(linkToken, options.token)) {
        return sendNotice(c, 401, "This link is out of date", [
          "Its token does not match this server's; the token changes each time the review server starts.",
          getTheLink,
        ]);
      }
      setCookie(c, tokenCookieName(c.req.header("host")), options.token, { path: "/", httpOnly: true, sameSite: "Strict" });
      // The token leaves the address bar, so it stays out of history, screenshots and shared links.
      const url = new URL(c.req.url);
      url.searchParams.delete(tokenQueryParameter);
      c.header("Cache-Control", "no-store");
      return c.redirect(url.pathname + url.search, 302);
    }

    const verdict = tokenVerdict(c, options.token);
    if (verdict === "missing") return sendNotice(c, 401, "Open the review panel with its link", [
      "This page needs the panel link, which carries a token that proves you are the person at this computer.",
      getTheLink,
    ]);
    if (verdict === "wrong") return sendNotice(c, 401, "This link is out of date", [
      "The token this browser holds does not match this server's; it changes each time the review server starts.",
      getTheLink,
    ]);
    return servePage(c, path);
  });
}
