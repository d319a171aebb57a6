// Cuts the /api/v1 operations opencode-review calls out of Forgejo's and Gitea's own swagger descriptions
// (`templates/swagger/v1_json.tmpl` in their repositories; not on npm) into a small fixture the Forgejo
// stand-in validates requests and answers against. Run it by hand when the operations or the versions change,
// from any clone or mirror of each repository (the fixture was cut from the GitHub mirrors rohitkumarankam/forgejo and
// bircni/gitea, at the tags and commits below):
//   git -C <forgejo clone> show v15.0.3:templates/swagger/v1_json.tmpl > /tmp/forgejo.json
//   git -C <gitea clone> show v1.26.3:templates/swagger/v1_json.tmpl > /tmp/gitea.json
//   git -C <forgejo clone> show d883bd8f1269ccd1792501a42a7cae9f248fb4b2:templates/swagger/v1_json.tmpl > /tmp/forgejo16.json
//   node packages/review-server/scripts/cut-forgejo-swagger.mjs \
//     forgejo /tmp/forgejo.json codeberg.org/forgejo/forgejo v15.0.3 f6d4219f10a29dd6d59dfb5d8e44b7ff7aed4274 \
//     forgejo16 /tmp/forgejo16.json codeberg.org/forgejo/forgejo v16.0.0-dev+ d883bd8f1269ccd1792501a42a7cae9f248fb4b2 \
//     gitea /tmp/gitea.json github.com/go-gitea/gitea v1.26.3 4aa0d704f2c7d30351016b740bfc45247fd77efa
// Forgejo 16 had no release tag in the mirror when it was cut: its description is the forgejo branch at that
// commit (2026-07-01, after the tag v16.0.0-dev), the first to carry multi-line comments (`extra_lines_count`).
// The description is data: only paths, methods, parameters and schemas are kept, with the definitions they use.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const COMMON = [
  ["get", "/version"],
  // The token's account: a reply's marker counts only on a comment it wrote.
  ["get", "/user"],
  ["get", "/repos/{owner}/{repo}/pulls"],
  ["get", "/repos/{owner}/{repo}/pulls/{index}"],
  ["get", "/repos/{owner}/{repo}/pulls/{index}.{diffType}"],
  ["get", "/repos/{owner}/{repo}/pulls/{index}/reviews"],
  ["post", "/repos/{owner}/{repo}/pulls/{index}/reviews"],
  ["get", "/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments"],
];
const OPERATIONS = {
  // Forgejo adds a comment to a known review: on the same path and line it joins that conversation.
  forgejo: [...COMMON, ["post", "/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments"]],
  forgejo16: [...COMMON, ["post", "/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments"]],
  // Gitea (1.26+) resolves a review comment's conversation; it has no way to add to a submitted review.
  gitea: [...COMMON, ["post", "/repos/{owner}/{repo}/pulls/comments/{id}/resolve"]],
};

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 5 !== 0 || args.some((a, i) => i % 5 === 0 && !(a in OPERATIONS))) {
  console.error(
    `usage: node scripts/cut-forgejo-swagger.mjs (<flavor> <file> <repository> <tag> <commit>)..., flavors: ${Object.keys(OPERATIONS).join(", ")}`,
  );
  process.exit(2);
}

function cut(flavor, file, repository, tag, commit) {
  const spec = JSON.parse(readFileSync(file, "utf8"));
  const used = new Set();
  // Collects every definition a schema reaches, so the fixture keeps only those.
  const visit = (node) => {
    if (node === null || typeof node !== "object") return;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/definitions/")) {
      const name = node.$ref.slice("#/definitions/".length);
      if (!used.has(name)) {
        used.add(name);
        visit(spec.definitions[name]);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  const responseSchema = (response) => {
    const r = response.$ref ? spec.responses[response.$ref.slice("#/responses/".length)] : response;
    return r?.schema ?? null;
  };
  const operations = OPERATIONS[flavor].map(([method, path]) => {
    const op = spec.paths[path]?.[method];
    if (op === undefined) throw new Error(`${method.toUpperCase()} ${path} is not in ${repository} ${tag}`);
    const parameters = (op.parameters ?? []).map((p) =>
      p.in === "body"
        ? { name: p.name, in: "body", required: p.required === true, schema: p.schema }
        : {
            name: p.name,
            in: p.in,
            required: p.required === true,
            schema: {
              type: p.type,
              ...(p.format ? { format: p.format } : {}),
              ...(p.enum ? { enum: p.enum } : {}),
              ...(p.items ? { items: p.items } : {}),
            },
          },
    );
    const responses = {};
    for (const [status, response] of Object.entries(op.responses)) responses[status] = responseSchema(response);
    const cutOp = {
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      produces: op.produces ?? spec.produces,
      parameters,
      responses,
    };
    visit(cutOp);
    return cutOp;
  });
  const definitions = Object.fromEntries([...used].sort().map((name) => [name, spec.definitions[name]]));
  return {
    source: { repository, tag, commit, file: "templates/swagger/v1_json.tmpl", title: spec.info.title },
    basePath: "/api/v1",
    operations,
    definitions,
  };
}

const fixture = {};
for (let i = 0; i < args.length; i += 5) fixture[args[i]] = cut(args[i], ...args.slice(i + 1, i + 5));
const out = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "src",
  "forge",
  "testing",
  "forgejo-swagger.fixture.json",
);
writeFileSync(out, JSON.stringify(fixture, null, 1) + "\n");
for (const [flavor, f] of Object.entries(fixture)) {
  console.log(
    `${flavor}: ${f.operations.length} operations and ${Object.keys(f.definitions).length} definitions from ${f.source.repository} ${f.source.tag} (${f.source.commit})`,
  );
}
