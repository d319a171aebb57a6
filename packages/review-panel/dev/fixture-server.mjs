#!/usr/bin/env node
// DEVELOPMENT AID ONLY: a stand-in for the real review server, so the panel can be built and tested
// before the Hono app exists. It answers the CONTRACT routes from in-memory data (several files, rounds,
// threads in every state, drafts, release in both modes, live events) and serves the built panel.
// It does not re-anchor threads or run git: anchors are fixed in the data. Never ship or import it.
//
//   node packages/review-panel/dev/fixture-server.mjs [--port 4780] [--prose] [--big 20000]
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const panelDir = fileURLToPath(new URL("../../review-server/dist/panel/", import.meta.url));
const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".wasm": "application/wasm" };

// ---- a small line diff (LCS), enough for fixture-sized files ----
function splitLines(text) {
  if (text === null || text === "") return [];
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}
function lineDiff(a, b) {
  const n = a.length, m = b.length;
  let lo = 0;
  while (lo < n && lo < m && a[lo] === b[lo]) lo++;
  let hi = 0;
  while (hi < n - lo && hi < m - lo && a[n - 1 - hi] === b[m - 1 - hi]) hi++;
  const A = a.slice(lo, n - hi), B = b.slice(lo, m - hi);
  const w = B.length + 1;
  const dp = new Uint32Array((A.length + 1) * w);
  for (let i = A.length - 1; i >= 0; i--)
    for (let j = B.length - 1; j >= 0; j--)
      dp[i * w + j] = A[i] === B[j] ? dp[(i + 1) * w + j + 1] + 1 : Math.max(dp[(i + 1) * w + j], dp[i * w + j + 1]);
  const ops = [];
  for (let k = 0; k < lo; k++) ops.push({ kind: "ctx", old: k + 1, new: k + 1, text: a[k] });
  let i = 0, j = 0;
  while (i < A.length || j < B.length) {
    if (i < A.length && j < B.length && A[i] === B[j]) { ops.push({ kind: "ctx", old: lo + i + 1, new: lo + j + 1, text: A[i] }); i++; j++; }
    // Deletions before additions, as git prints them.
    else if (i < A.length && (j === B.length || dp[(i + 1) * w + j] >= dp[i * w + j + 1])) { ops.push({ kind: "del", old: lo + i + 1, new: null, text: A[i] }); i++; }
    else { ops.push({ kind: "add", old: null, new: lo + j + 1, text: B[j] }); j++; }
  }
  for (let k = 0; k < hi; k++) ops.push({ kind: "ctx", old: n - hi + k + 1, new: m - hi + k + 1, text: a[n - hi + k] });
  return ops;
}
function hunksOf(oldText, newText, context = 3) {
  const ops = lineDiff(splitLines(oldText), splitLines(newText));
  const hunks = [];
  let current = null;
  let lastChange = -Infinity;
  ops.forEach((op, index) => {
    if (op.kind === "ctx") return;
    const from = Math.max(0, index - context);
    if (current && from <= lastChange + context + 1) {
      for (let k = current.end + 1; k <= index; k++) current.lines.push(ops[k]);
      current.end = index;
    } else {
      if (current) closeHunk(current);
      current = { lines: ops.slice(from, index + 1), end: index };
      hunks.push(current);
    }
    lastChange = index;
  });
  if (current) closeHunk(current);
  function closeHunk(h) {
    const extra = ops.slice(h.end + 1, h.end + 1 + context).filter((o) => o.kind === "ctx");
    h.lines.push(...extra);
  }
  return hunks.map((h) => {
    const oldNums = h.lines.filter((l) => l.old !== null).map((l) => l.old);
    const newNums = h.lines.filter((l) => l.new !== null).map((l) => l.new);
    const firstOld = oldNums[0] ?? (h.lines.find((l) => l.new !== null)?.new ?? 1) - 1;
    const firstNew = newNums[0] ?? (h.lines.find((l) => l.old !== null)?.old ?? 1) - 1;
    return {
      oldStart: oldNums.length ? firstOld : Math.max(0, firstOld),
      oldLines: oldNums.length,
      newStart: newNums.length ? firstNew : Math.max(0, firstNew),
      newLines: newNums.length,
      lines: h.lines.map(({ kind, old, new: nu, text }) => ({ kind, old, new: nu, text })),
    };
  });
}

// ---- the fixture repository: each file's text at base, at each round, and in the work tree ----
const appBase = `import { sum } from "./lib/math.js";
import { readConfig } from "./config.js";

export interface Options {
  readonly verbose: boolean;
  readonly retries: number;
}

export function main(options: Options): number {
  const config = readConfig();
  if (options.verbose) console.log("config", config);
  let total = 0;
  for (let i = 0; i < options.retries; i++) {
    total = sum(total, i);
  }
  return total;
}

function unused(): void {
  // left over from the first draft
}

export function shutdown(): void {
  console.log("bye");
}

export function describe(options: Options): string {
  return \`verbose=\${options.verbose} retries=\${options.retries}\`;
}

export const version = "1.0.0";
export const name = "demo";
export const homepage = "https://example.com";
export const license = "MIT";
export const author = "someone";
export const keywords = ["demo", "review"];
export const engines = { node: ">=20" };
export const files = ["dist"];
export const main2 = "dist/index.js";
export const types = "dist/index.d.ts";
export const sideEffects = false;
`;
const appR1 = appBase
  .replace(`  let total = 0;\n  for (let i = 0; i < options.retries; i++) {\n    total = sum(total, i);\n  }\n  return total;`, `  let total = 0;\n  for (let i = 0; i <= options.retries; i++) {\n    total = sum(total, i * 2);\n  }\n  return total;`)
  .replace(`function unused(): void {\n  // left over from the first draft\n}\n\n`, "")
  .replace(`export const version = "1.0.0";`, `export const version = "1.1.0";`);
const appNow = appR1
  .replace(`export function shutdown(): void {\n  console.log("bye");\n}`, `export function shutdown(code = 0): never {\n  console.log("bye");\n  process.exit(code);\n}`)
  .replace(`export const sideEffects = false;`, `export const sideEffects = false;\nexport const private_ = true;`);
const mathBase = `export function sum(a: number, b: number): number {
  return a + b;
}

export function product(a: number, b: number): number {
  return a * b;
}
`;
const mathNow = `export function sum(a: number, b: number): number {
  return a + b;
}

/** Multiplies, refusing NaN. */
export function product(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) throw new Error("NaN");
  return a * b;
}

export function mean(values: readonly number[]): number {
  return values.reduce(sum, 0) / values.length;
}
`;
const oldNameText = `export const greeting = "hello";\nexport function greet(who: string): string {\n  return greeting + " " + who;\n}\n`;
const newNameText = `export const greeting = "hello";\nexport function greet(who: string): string {\n  return \`\${greeting}, \${who}!\`;\n}\n`;
const legacyText = `// The old entry point, replaced by src/app.ts.\nexport function start() {\n  return 42;\n}\n`;
const featureText = `import { main } from "./app.js";\n\nexport function feature(): number {\n  return main({ verbose: false, retries: 3 });\n}\n`;
const readmeBase = `# demo\n\nA tiny project.\n\n## Use\n\nRun \`demo\`.\n`;
const readmeNow = `# demo\n\nA tiny project, now with features.\n\n## Use\n\nRun \`demo --retries 3\`.\n\n## License\n\nMIT\n`;
const guideBase = `# Guide\n\nStep one: install.\nStep two: configure the retries option.\nStep three: run.\n`;
const guideNow = `# Guide\n\nStep one: install.\nStep two: run.\n`;

function fixtureFiles() {
  return [
    { path: "src/app.ts", base: appBase, r1: appR1, r2: appNow, worktree: appNow },
    { path: "src/lib/math.ts", base: mathBase, r1: mathBase, r2: mathNow, worktree: mathNow },
    { path: "src/new-name.ts", oldPath: "src/old-name.ts", base: oldNameText, r1: newNameText, r2: newNameText, worktree: newNameText },
    { path: "src/legacy.ts", base: legacyText, r1: null, r2: null, worktree: null },
    { path: "src/feature.ts", base: null, r1: featureText, r2: featureText, worktree: featureText },
    { path: "assets/logo.png", base: "PNG1", r1: "PNG2", r2: "PNG2", worktree: "PNG2", binary: true },
    { path: "README.md", base: readmeBase, r1: readmeBase, r2: readmeNow, worktree: readmeNow },
    { path: "docs/guide.md", base: guideBase, r1: guideBase, r2: guideNow, worktree: guideNow },
  ];
}

/** Many files with `changed` changed lines in total, for the benchmark. */
function bigFiles(changed, count = 300) {
  const files = [];
  const per = Math.ceil(changed / count);
  for (let f = 0; f < count; f++) {
    const base = [];
    const now = [];
    for (let i = 0; i < per * 2; i++) {
      const line = `  const value${i} = compute(${i}, "file ${f}"); // line ${i}`;
      base.push(line);
      // Every other block of 8 lines is rewritten: half of the changed lines are additions, half deletions.
      if (Math.floor(i / 8) % 2 === 1) now.push(line.replace("compute", "computeFaster"));
      else now.push(line);
    }
    const wrap = (lines) => `export function f${f}() {\n${lines.join("\n")}\n}\n`;
    const dir = `src/module-${String(Math.floor(f / 20)).padStart(2, "0")}`;
    files.push({ path: `${dir}/file-${String(f).padStart(3, "0")}.ts`, base: wrap(base), r1: wrap(now), r2: wrap(now), worktree: wrap(now) });
  }
  return files;
}

function iso(minutesAgo) {
  return new Date(Date.UTC(2025, 0, 15, 12, 0, 0) - minutesAgo * 60_000).toISOString();
}

function createData({ big }) {
  const files = big ? bigFiles(big) : fixtureFiles();
  const rounds = [
    { id: "r1", ordinal: 1, base: "b45e0c1", snapshot: "5a1f00d", createdAt: iso(120), ref: "r1" },
    { id: "r2", ordinal: 2, base: "b45e0c1", snapshot: "9c3e7aa", createdAt: iso(30), ref: "r2" },
  ];
  const threads = new Map();
  let seq = 100;
  const nextId = (p) => `${p}${++seq}`;
  const msg = (author, body, minutesAgo, delivery = author === "human" ? "delivered" : "sent", suggestion = null) => ({
    id: nextId("m"), author, body, suggestion, createdAt: iso(minutesAgo), delivery,
  });
  const thread = (t) => {
    const full = {
      side: "new", round: { id: "r1", ordinal: 1 }, context: { before: [], after: [] }, origin: "human", resolvedAt: null,
      resolvedBy: null, unreadByHuman: false, createdAt: iso(100), updatedAt: iso(100), awaiting: null, ...t,
    };
    full.anchor = t.anchor ?? { state: "current", start: t.start, end: t.end };
    threads.set(full.id, full);
  };
  if (!big) {
    thread({ id: "t-open", file: "src/app.ts", start: 13, end: 13, quoted: ["+  for (let i = 0; i <= options.retries; i++) {"],
      status: "open", awaiting: "agent", messages: [msg("human", "This runs one time more than `retries` says. Intentional?", 90)] });
    thread({ id: "t-unread", file: "src/app.ts", start: 14, end: 14, quoted: ["+    total = sum(total, i * 2);"],
      status: "open", awaiting: "human", unreadByHuman: true, updatedAt: iso(10),
      messages: [msg("human", "Why double it?", 80), msg("agent", "The spec counts both directions, so each retry adds twice. I left it as is.", 10)] });
    thread({ id: "t-note", file: "src/lib/math.ts", origin: "agent", start: 11, end: 13, round: { id: "r2", ordinal: 2 },
      quoted: ["+export function mean(values: readonly number[]): number {", "+  return values.reduce(sum, 0) / values.length;", " }"],
      status: "open", awaiting: "human", unreadByHuman: true, updatedAt: iso(20),
      messages: [msg("agent", "Note: mean([]) returns NaN. Should it throw instead?", 20)] });
    thread({ id: "t-moved", file: "src/app.ts", start: 31, end: 31, anchor: { state: "moved", start: 28, end: 28 },
      quoted: ["+export const version = \"1.1.0\";"], status: "open", awaiting: "agent",
      messages: [msg("human", "Bump this when releasing.", 110)] });
    thread({ id: "t-changed", file: "src/app.ts", start: 22, end: 24, anchor: { state: "changed", start: 19, end: 22 },
      quoted: [" export function shutdown(): void {", "   console.log(\"bye\");", " }"], status: "open", awaiting: "human",
      messages: [msg("human", "shutdown should take an exit code.", 100), msg("agent", "Done: it takes a code and exits.", 25)] });
    thread({ id: "t-outdated", file: "docs/guide.md", start: 4, end: 4, anchor: { state: "outdated", start: null, end: null },
      quoted: ["+Step two: configure the retries option."], status: "open", awaiting: "agent",
      messages: [msg("human", "Say what the default is.", 115)] });
    thread({ id: "t-resolved", file: "src/new-name.ts", start: 3, end: 3, quoted: ["+  return `${greeting}, ${who}!`;"],
      status: "resolved", resolvedBy: "agent", resolvedAt: iso(40), awaiting: null,
      messages: [msg("human", "Use a template literal.", 60), msg("agent", "Switched to a template literal.", 40)] });
    thread({ id: "t-file", file: "README.md", start: null, end: null, quoted: [], status: "open", awaiting: "agent", round: { id: "r2", ordinal: 2 },
      messages: [msg("human", "The README should list the new flags.", 35)] });
    thread({ id: "t-deleted", file: "src/app.ts", side: "old", start: 19, end: 21, quoted: ["-function unused(): void {", "-  // left over from the first draft", "-}"],
      status: "draft", awaiting: null, createdAt: iso(5), updatedAt: iso(5),
      messages: [msg("human", "Good riddance.", 5, "unsent")] });
  }
  return { files, rounds, threads, nextId, msg, session: { id: "ses_fixture", title: "Refactor the demo app" } };
}

/**
 * Starts the fixture server; `tools: false` releases as prose. Resolves to its URL and controls for tests.
 * @example const f = await startFixtureServer({ port: 0 }); console.log(f.url)
 */
export async function startFixtureServer({ port = 0, tools = true, big = 0, token = "fixture-token" } = {}) {
  const data = createData({ big });
  const state = { tools };
  const clients = new Set();
  const now = () => new Date().toISOString();

  const textAt = (file, ref) => (ref === "base" ? file.base : ref === "worktree" ? file.worktree : file[data.rounds.find((r) => r.id === ref)?.ref ?? "worktree"]);
  const diffCache = new Map();
  function diff(from, to) {
    const key = `${from}..${to}`;
    if (diffCache.has(key)) return diffCache.get(key);
    const files = [];
    for (const f of data.files) {
      const a = textAt(f, from) ?? null;
      const b = textAt(f, to) ?? null;
      if (a === b) continue;
      const status = a === null ? "added" : b === null ? "deleted" : f.oldPath && from === "base" ? "renamed" : "modified";
      files.push({
        path: f.path,
        oldPath: status === "renamed" ? f.oldPath : null,
        status,
        binary: !!f.binary,
        oldMode: null, newMode: null, similarity: status === "renamed" ? 80 : null,
        hunks: f.binary ? [] : hunksOf(a, b),
      });
    }
    const result = { files };
    diffCache.set(key, result);
    return result;
  }

  const send = (type, payload) => {
    const text = `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const res of clients) res.write(text);
  };
  const touch = (t) => {
    t.updatedAt = now();
    send("thread", t);
    return t;
  };
  const drafts = () => {
    let threadsN = 0, messages = 0;
    for (const t of data.threads.values()) {
      if (t.status === "draft") threadsN++;
      else messages += t.messages.filter((m) => m.delivery === "unsent").length;
    }
    return { threads: threadsN, messages };
  };
  const fail = (res, status, code, message) => json(res, status, { error: { code, message } });
  function json(res, status, body) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }
  const checkBody = (res, body) => {
    if (typeof body !== "string" || body.trim().length === 0) return fail(res, 400, "invalid_input", "A comment needs some text."), false;
    if (body.length > 1000) return fail(res, 400, "too_long", `The comment is ${body.length} characters; the limit is 1000.`), false;
    return true;
  };
  const findThread = (res, id) => {
    const t = data.threads.get(id);
    if (!t) fail(res, 404, "not_found", `No thread ${id}.`);
    return t;
  };

  function prose(released) {
    const parts = [`The person reviewed your work and left ${released.length} comment${released.length === 1 ? "" : "s"}.`];
    for (const { thread: t, messages } of released) {
      const where = t.start === null ? `${t.file} (whole file)` : `${t.file}, ${t.side === "old" ? "deleted " : ""}line${t.start === t.end ? ` ${t.start}` : `s ${t.start}-${t.end}`}`;
      parts.push(`\n## ${where}`);
      if (t.quoted.length) parts.push("```\n" + t.quoted.join("\n") + "\n```");
      for (const m of messages) {
        parts.push(m.body);
        if (m.suggestion) parts.push("Suggested replacement:\n```\n" + m.suggestion.join("\n") + "\n```");
      }
    }
    return parts.join("\n");
  }

  async function readBody(req) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (!raw) return {};
    try { return JSON.parse(raw); } catch { return null; }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    const path = url.pathname;
    try {
      if (!path.startsWith("/api/") && !path.startsWith("/__fixture/")) return serveStatic(req, res, url);
      if (path.startsWith("/__fixture/")) return fixtureControl(req, res, path);
      const cookie = /(?:^|;\s*)ocr_token=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (cookie !== token && bearer !== token) return fail(res, 401, "unauthorized", "Open the panel with the URL that opencode showed (it carries the token).");
      const body = req.method === "GET" ? {} : await readBody(req);
      if (body === null) return fail(res, 400, "invalid_input", "The body is not JSON.");
      return api(req, res, url, path, body);
    } catch (error) {
      fail(res, 500, "internal", String(error));
    }
  });

  async function serveStatic(req, res, url) {
    const qtoken = url.searchParams.get("token");
    const headers = {};
    if (qtoken === token) headers["set-cookie"] = `ocr_token=${token}; HttpOnly; Path=/; SameSite=Strict`;
    const rel = url.pathname === "/" ? "index.html" : normalize(url.pathname).replace(/^\/+/, "");
    if (rel.includes("..")) return fail(res, 403, "forbidden", "No.");
    try {
      const bytes = await readFile(join(panelDir, rel));
      res.writeHead(200, { "content-type": types[extname(rel)] ?? "application/octet-stream", ...headers });
      res.end(bytes);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end(`Not found. Build the panel first: pnpm --filter @opencode-review/panel build`);
    }
  }

  async function fixtureControl(req, res, path) {
    const body = await readBody(req);
    if (path === "/__fixture/mode") {
      state.tools = !!body.tools;
      return json(res, 200, { tools: state.tools });
    }
    if (path === "/__fixture/agent-reply") {
      const t = findThread(res, body.threadId);
      if (!t) return;
      t.messages.push(data.msg("agent", body.body ?? "Done.", 0));
      t.messages.at(-1).createdAt = now();
      for (const m of t.messages) if (m.author === "human" && m.delivery === "sent") m.delivery = "delivered";
      t.unreadByHuman = true;
      t.awaiting = "human";
      if (body.resolved) Object.assign(t, { status: "resolved", resolvedBy: "agent", resolvedAt: now(), awaiting: null });
      return json(res, 200, { thread: touch(t) });
    }
    return fail(res, 404, "not_found", "Unknown fixture control.");
  }

  function api(req, res, url, path, body) {
    const q = url.searchParams;
    const m = req.method;
    if (m === "GET" && path === "/api/health") return json(res, 200, { ok: true, version: "0.0.0-fixture", repo: "/tmp/fixture/demo", branch: "agent/refactor", tools: state.tools });
    if (m === "GET" && path === "/api/rounds") return json(res, 200, { rounds: data.rounds.map(({ ref, ...r }) => r) });
    if (m === "POST" && path === "/api/rounds") {
      const last = data.rounds.at(-1);
      const changed = data.files.some((f) => textAt(f, last.id) !== f.worktree);
      if (!changed) return json(res, 200, { round: (({ ref, ...r }) => r)(last) });
      const round = { id: `r${data.rounds.length + 1}`, ordinal: data.rounds.length + 1, base: last.base, snapshot: "f00" + data.rounds.length, createdAt: now(), ref: "worktree" };
      data.rounds.push(round);
      const { ref, ...out } = round;
      send("round", out);
      return json(res, 200, { round: out });
    }
    if (m === "GET" && path === "/api/diff") {
      const from = q.get("from") ?? "base", to = q.get("to") ?? "worktree";
      for (const ref of [from, to]) if (ref !== "base" && ref !== "worktree" && !data.rounds.some((r) => r.id === ref)) return fail(res, 404, "not_found", `No round ${ref}.`);
      return json(res, 200, diff(from, to));
    }
    if (m === "GET" && path === "/api/file") {
      const f = data.files.find((x) => x.path === q.get("path") || x.oldPath === q.get("path"));
      const text = f ? textAt(f, q.get("ref") ?? "worktree") : null;
      if (text === null || text === undefined) return fail(res, 404, "not_found", `No file ${q.get("path")} at ${q.get("ref")}.`);
      return json(res, 200, { path: f.path, text });
    }
    if (m === "GET" && path === "/api/threads") {
      const status = q.get("status") ?? "waiting";
      const file = q.get("file");
      const list = [...data.threads.values()].filter((t) =>
        (status === "all" || (status === "draft" ? t.status === "draft" : t.status === "open")) && (!file || t.file === file));
      return json(res, 200, { threads: list });
    }
    if (m === "POST" && path === "/api/threads") {
      if (!checkBody(res, body.body)) return;
      const f = data.files.find((x) => x.path === body.file);
      if (!f) return fail(res, 404, "not_found", `No file ${body.file} in the diff.`);
      const side = body.side ?? "new";
      const start = body.start ?? null, end = body.end ?? body.start ?? null;
      let quoted = [];
      if (start !== null) {
        const lines = diff("base", "worktree").files.find((x) => x.path === f.path)?.hunks.flatMap((h) => h.lines) ?? [];
        const text = splitLines(side === "new" ? f.worktree : f.base);
        if (end < start || end > text.length) return fail(res, 400, "out_of_range", `Lines ${start}-${end} are outside ${f.path} (${text.length} lines).`);
        for (let n = start; n <= end; n++) {
          const line = lines.find((l) => (side === "new" ? l.new === n && l.kind !== "del" : l.old === n && l.kind !== "add"));
          quoted.push((line ? (line.kind === "add" ? "+" : line.kind === "del" ? "-" : " ") : " ") + (line?.text ?? text[n - 1]));
        }
      }
      const last = data.rounds.at(-1);
      const t = {
        id: data.nextId("t"), file: f.path, side, start, end, round: { id: body.roundId ?? last.id, ordinal: (data.rounds.find((r) => r.id === body.roundId) ?? last).ordinal },
        quoted, context: { before: [], after: [] }, anchor: { state: "current", start, end }, status: "draft", awaiting: null, origin: "human",
        resolvedAt: null, resolvedBy: null, unreadByHuman: false,
        messages: [{ id: data.nextId("m"), author: "human", body: body.body, suggestion: body.suggestion ?? null, createdAt: now(), delivery: "unsent" }],
        createdAt: now(), updatedAt: now(),
      };
      data.threads.set(t.id, t);
      send("review", { drafts: drafts() });
      return json(res, 200, { thread: touch(t) });
    }
    let hit = /^\/api\/threads\/([^/]+)\/(messages|resolve|reopen|seen)$/.exec(path);
    if (m === "POST" && hit) {
      const t = findThread(res, decodeURIComponent(hit[1]));
      if (!t) return;
      const action = hit[2];
      if (action === "messages") {
        if (!checkBody(res, body.body)) return;
        t.messages.push({ id: data.nextId("m"), author: "human", body: body.body, suggestion: body.suggestion ?? null, createdAt: now(), delivery: "unsent" });
        send("review", { drafts: drafts() });
      } else if (action === "resolve") {
        if (t.status === "draft") return fail(res, 409, "conflict", "A draft cannot be resolved; release it or delete it.");
        Object.assign(t, { status: "resolved", resolvedBy: "human", resolvedAt: now(), awaiting: null });
      } else if (action === "reopen") {
        if (t.status !== "resolved") return fail(res, 409, "conflict", "Only a resolved thread can be reopened.");
        Object.assign(t, { status: "open", resolvedBy: null, resolvedAt: null, awaiting: "agent" });
      } else if (action === "seen") {
        t.unreadByHuman = false;
      }
      return json(res, 200, { thread: touch(t) });
    }
    hit = /^\/api\/messages\/([^/]+)$/.exec(path);
    if (hit && (m === "PATCH" || m === "DELETE")) {
      const id = decodeURIComponent(hit[1]);
      const t = [...data.threads.values()].find((x) => x.messages.some((mm) => mm.id === id));
      if (!t) return fail(res, 404, "not_found", `No message ${id}.`);
      const message = t.messages.find((mm) => mm.id === id);
      if (message.delivery !== "unsent") return fail(res, 409, "conflict", "This message was released; it can no longer be changed.");
      if (m === "PATCH") {
        if (body.body !== undefined && !checkBody(res, body.body)) return;
        if (body.body !== undefined) message.body = body.body;
        if (body.suggestion !== undefined) message.suggestion = body.suggestion;
        return json(res, 200, { thread: touch(t) });
      }
      t.messages = t.messages.filter((mm) => mm.id !== id);
      send("review", { drafts: drafts() });
      if (t.messages.length === 0) {
        data.threads.delete(t.id);
        return json(res, 200, { thread: null });
      }
      return json(res, 200, { thread: touch(t) });
    }
    if (m === "GET" && path === "/api/review") return json(res, 200, { drafts: drafts(), session: data.session });
    if (m === "POST" && path === "/api/review/release") {
      const released = [];
      for (const t of data.threads.values()) {
        const unsent = t.messages.filter((mm) => mm.delivery === "unsent");
        if (unsent.length === 0) continue;
        for (const mm of unsent) mm.delivery = "sent";
        Object.assign(t, { status: "open", awaiting: "agent", resolvedAt: null, resolvedBy: null });
        released.push({ thread: t, messages: unsent });
      }
      if (released.length === 0) return fail(res, 409, "conflict", "There is nothing to release: write a comment first.");
      const count = released.reduce((n, r) => n + r.messages.length, 0);
      const review = { id: data.nextId("rev"), releasedAt: now(), messages: count, mode: state.tools ? "tools" : "prose", deliveredTo: data.session.id };
      for (const r of released) touch(r.thread);
      send("review", { drafts: drafts() });
      return json(res, 200, state.tools ? { review } : { review, prose: prose(released) });
    }
    if (m === "GET" && path === "/api/events") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      res.write(": connected\n\n");
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    return fail(res, 404, "not_found", `No route ${m} ${path}.`);
  }

  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    url: `${origin}/?token=${token}`,
    token,
    setTools: (value) => { state.tools = value; },
    agentReply: async (threadId, body, resolved = false) => {
      const r = await fetch(`${origin}/__fixture/agent-reply`, { method: "POST", body: JSON.stringify({ threadId, body, resolved }) });
      return (await r.json()).thread;
    },
    close: () => new Promise((resolve) => {
      for (const c of clients) c.end();
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name) => { const i = process.argv.indexOf(name); return i === -1 ? undefined : process.argv[i + 1]; };
  const f = await startFixtureServer({ port: Number(arg("--port") ?? 4780), tools: !process.argv.includes("--prose"), big: Number(arg("--big") ?? 0) });
  console.log(`fixture server (development aid, not the real server): ${f.url}`);
}
