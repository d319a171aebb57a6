import { createServer } from "node:http";
import { TaskStore } from "./store.js";
import { formatList } from "./format.js";
import { validateTitle } from "./validate.js";

const store = new TaskStore();

export const server = createServer(async (req, res) => {
  if (req.method === "GET" && req.url === "/tasks") {
    res.end(formatList(store.list()));
    return;
  }
  if (req.method === "POST" && req.url === "/tasks") {
    let body = "";
    for await (const chunk of req) body += chunk;
    const title = validateTitle(JSON.parse(body).title);
    res.end(JSON.stringify(store.add(title)));
    return;
  }
  res.statusCode = 404;
  res.end("not found");
});
