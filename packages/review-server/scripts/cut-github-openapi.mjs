// Cuts the GitHub REST operations opencode-review uses out of GitHub's official OpenAPI description
// (`@octokit/openapi`, 385 MB on disk: too big to be a dependency) into a small fixture the GitHub
// stand-in validates requests and answers against. Run it by hand when the operations or the version change:
//   mkdir /tmp/openapi && cd /tmp/openapi && npm install @octokit/openapi@23.0.2
//   node packages/review-server/scripts/cut-github-openapi.mjs /tmp/openapi/node_modules/@octokit/openapi
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OPERATIONS = [
  ["get", "/repos/{owner}/{repo}/pulls/{pull_number}/comments"],
  ["post", "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies"],
  ["get", "/repos/{owner}/{repo}/pulls/{pull_number}/files"],
  ["post", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews"],
];

const packageDir = process.argv[2];
if (packageDir === undefined) {
  console.error("usage: node scripts/cut-github-openapi.mjs <path to node_modules/@octokit/openapi>");
  process.exit(2);
}
const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
// The dereferenced description: every $ref already inlined, so each cut operation stands alone.
const spec = JSON.parse(readFileSync(join(packageDir, "generated", "api.github.com.deref.json"), "utf8"));

const operations = OPERATIONS.map(([method, path]) => {
  const op = spec.paths[path]?.[method];
  if (op === undefined) throw new Error(`${method.toUpperCase()} ${path} is not in ${pkg.name} ${pkg.version}`);
  const responses = {};
  for (const [status, response] of Object.entries(op.responses)) {
    responses[status] = response.content?.["application/json"]?.schema ?? null;
  }
  return {
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    parameters: (op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required === true,
      schema: p.schema,
    })),
    requestBody: op.requestBody?.content?.["application/json"]?.schema ?? null,
    responses,
  };
});

const out = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "src",
  "forge",
  "testing",
  "github-openapi.fixture.json",
);
writeFileSync(
  out,
  JSON.stringify(
    { source: `${pkg.name}@${pkg.version}`, file: "generated/api.github.com.deref.json", operations },
    null,
    1,
  ) + "\n",
);
console.log(`wrote ${operations.length} operations from ${pkg.name}@${pkg.version} to ${out}`);
