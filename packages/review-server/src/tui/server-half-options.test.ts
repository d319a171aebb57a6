import { describe, expect, it } from "vitest";
import { serverHalfProblem } from "./server-half-options.js";

describe("the server half's options, as the terminal half reads them from opencode's config", () => {
  it("finds the package's entry however it is named and says what its options got wrong, the same words the server half logs", () => {
    for (const spec of [
      "opencode-review",
      "opencode-review@0.1.0",
      "opencode-review@file:/tmp/opencode-review-0.1.0.tgz",
      "/tmp/p/node_modules/opencode-review",
      "file:///tmp/p/node_modules/opencode-review/",
    ]) {
      expect(serverHalfProblem(["other-plugin", [spec, { port: "x" }]], "", "/repo")).toMatch(
        /^opencode-review: bad plugin options in opencode\.json: port: port must be a port number/,
      );
    }
    expect(serverHalfProblem([["opencode-review", { host: "0.0.0.0" }]], "", "/repo")).toContain(
      "host 0.0.0.0 is not a loopback address",
    );
    // Good options, no options, another package, no plugin list: nothing to say.
    expect(serverHalfProblem([["opencode-review", { port: 0 }], "opencode-review-extras"], "", "/repo")).toBeNull();
    expect(serverHalfProblem(["opencode-review"], "", "/repo")).toBeNull();
    expect(serverHalfProblem([["opencode-reviewer", { port: "x" }]], "", "/repo")).toBeNull();
    expect(serverHalfProblem(undefined, "", "/repo")).toBeNull();
    // An entry named exactly as the terminal half was loaded counts whatever its name.
    expect(serverHalfProblem([["/opt/plugins/review", { tools: "yes" }]], "/opt/plugins/review", "/repo")).toContain(
      "tools must be true or false",
    );
  });
});
