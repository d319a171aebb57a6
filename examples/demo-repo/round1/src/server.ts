import { createServer } from "node:http";
import { TaskStore } from "./store.js";
import { formatPage } from "./render.js";
import { validatePage, validateTitle } from "./validate.js";

const store = new TaskStore();

export const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method === "GET" && url.pathname === "/tasks") {
    const page = validatePage(url.searchParams.get("page"));
    res.end(formatPage(store.list(page)));
    return;
  }
  if (req.method === "POST" && url.pathname === "/tasks") {
    let body = "";
    for await (const chunk of req) body += chunk;
    const title = validateTitle(JSON.parse(body).title);
    res.end(JSON.stringify(store.add(title)));
    return;
  }
  res.statusCode = 404;
  res.end("not found");
});
