import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const serverPackage = fileURLToPath(new URL("../..", import.meta.url));

/** A private npm registry on loopback (verdaccio), for installing the packed plugin as a user installs it. */
export interface LocalRegistry {
  /** `http://127.0.0.1:PORT/`: what `NPM_CONFIG_REGISTRY` points at. */
  readonly url: string;
  /** An npm userconfig naming this registry with a dummy token (npm refuses to publish without one). */
  readonly userconfig: string;
  /** Publishes a tarball under its own name and version; a version can be published once per registry. */
  publish(tarball: string): Promise<void>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** The registry npm itself uses here: everything but the local-only names is proxied there. */
function upstreamRegistry(): string {
  const asked = spawnSync("npm", ["config", "get", "registry"], { encoding: "utf8" });
  const url = asked.status === 0 ? asked.stdout.trim() : "";
  return /^https?:\/\//.test(url) ? url : "https://registry.npmjs.org/";
}

/**
 * Starts verdaccio (a pinned dev dependency) with fresh storage in a temp folder, `localOnly` package names
 * served from it alone (never proxied, so the registry's own copy can never be installed instead), and
 * every other package proxied to the registry npm uses.
 * @example const registry = await startLocalRegistry(["opencode-review"]); await registry.publish(await packPlugin());
 */
export async function startLocalRegistry(localOnly: readonly string[]): Promise<LocalRegistry> {
  const dir = mkdtempSync(join(tmpdir(), "opencode-review-registry-"));
  mkdirSync(join(dir, "storage"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const quote = (s: string) => JSON.stringify(s);
  const config = [
    `storage: ${quote(join(dir, "storage"))}`,
    "auth:",
    "  htpasswd:",
    `    file: ${quote(join(dir, "htpasswd"))}`,
    "    max_users: -1",
    "uplinks:",
    "  upstream:",
    `    url: ${quote(upstreamRegistry())}`,
    "    timeout: 60s",
    "packages:",
    ...localOnly.flatMap((name) => [
      `  ${quote(name)}:`,
      "    access: $all",
      "    publish: $all",
      "    unpublish: $all",
    ]),
    "  '**':",
    "    access: $all",
    "    publish: $authenticated",
    "    proxy: upstream",
    "web:",
    "  enable: false",
    "log: { type: stdout, format: pretty, level: warn }",
    "",
  ].join("\n");
  writeFileSync(join(dir, "config.yaml"), config);
  const userconfig = join(dir, "npmrc");
  writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=dummy-local-token\n`);

  const binary = join(serverPackage, "node_modules/.bin/verdaccio");
  const child: ChildProcess = spawn(binary, ["--config", join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const until = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(new URL("-/ping", url))
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > until) {
      child.kill();
      throw new Error(`verdaccio did not answer on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    userconfig,
    publish: (tarball) =>
      new Promise((resolve, reject) => {
        const npm = spawn("npm", ["publish", tarball, "--registry", url], {
          cwd: dir,
          env: { ...process.env, NPM_CONFIG_USERCONFIG: userconfig, NPM_CONFIG_REGISTRY: url },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let said = "";
        npm.stdout.on("data", (d: Buffer) => (said += d.toString()));
        npm.stderr.on("data", (d: Buffer) => (said += d.toString()));
        npm.on("error", reject);
        npm.on("close", (code) =>
          code === 0
            ? resolve()
            : reject(new Error(`npm publish ${tarball} failed (${code}):\n${said}\nverdaccio:\n${output}`)),
        );
      }),
    close: async () => {
      child.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
