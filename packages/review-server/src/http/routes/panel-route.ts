import { Hono, type Context } from "hono";
import { noticePage } from "../notice-page.js";
import { readPanelFile, type PanelFile } from "../panel-file.js";
import { tokenQueryParameter, tokensEqual } from "../middleware/token-auth.js";

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
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": file.contentType,
    "Cache-Control": cacheControl,
  });
}

function sendNotice(
  c: Context,
  status: 400 | 401 | 403 | 404 | 503,
  title: string,
  paragraphs: readonly string[],
): Response {
  c.header("Cache-Control", "no-store");
  return c.html(noticePage(title, paragraphs), status);
}

const getTheLink =
  "Run `opencode-review url` in the repository to print the link of every panel running for it; opencode also shows the link when it starts the review server.";

/**
 * The browser side of the server: the panel's pages and `/assets/*`, served to anyone who got past the
 * Host check (they are the public build, with no review data in it). The token never becomes a cookie:
 * the page reads it from the link (`#token=`, or `?token=`), keeps it in this origin's sessionStorage and
 * sends it as a bearer header. A `?token=` that is wrong is answered here, so a stale link says so at once.
 * Nothing here redirects, so no URL can send the browser off this server.
 * @example app.route("/", panelRoute({ panelDir: "/x/dist/panel", token }))
 */
export function panelRoute(options: PanelRouteOptions) {
  const missingBuild = (c: Context): Response =>
    sendNotice(c, 503, "The panel is not built", [
      "The review server is running, but the panel's files are missing.",
      "Run `pnpm build` in the opencode-review repository (it builds the panel into the server package), then reload this page.",
      `Looked in: ${options.panelDir}`,
    ]);

  const servePage = async (c: Context, path: string, cacheControl = revalidate): Promise<Response> => {
    const wantsIndex = path === "/" || path === "/index.html";
    const file = await readPanelFile(options.panelDir, wantsIndex ? "/index.html" : path);
    if (file.kind === "file") return sendFile(c, file, cacheControl);
    if (file.kind === "refused") return sendNotice(c, 403, "Not allowed", ["That path is outside the panel."]);
    if (file.kind === "invalid") return sendNotice(c, 400, "Not a valid path", [file.reason]);
    // Paths without an extension belong to the panel's own navigation, so they get the panel.
    if (!wantsIndex && !/\.[^/]*$/.test(path)) {
      const index = await readPanelFile(options.panelDir, "/index.html");
      if (index.kind === "file") return sendFile(c, index, cacheControl);
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
      if (file.kind === "invalid") return sendNotice(c, 400, "Not a valid path", [file.reason]);
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
      // The page (not a redirect) reads the token and takes it out of the address bar itself; no-store keeps
      // this answer, whose URL holds the token, out of the browser's cache.
      return servePage(c, path, "no-store");
    }
    return servePage(c, path);
  });
}
