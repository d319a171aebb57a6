import { describe, expect, it } from "vitest";
import { parsePluginOptions } from "./plugin-options.js";
import { REVIEWER_AGENT, reviewerAgentConfig } from "./reviewer-agent.js";

describe("the reviewer agent's definition", () => {
  it("adds a hidden subagent with reading tools and its own three, and denies those three to every other agent", async () => {
    const config: Record<string, any> = { permission: { bash: "ask" }, agent: { build: { model: "x/y" } } };
    await reviewerAgentConfig({ prompt: "Mind the public API." })(config as never);
    expect(config.permission).toEqual({
      bash: "ask",
      review_diff: "deny",
      review_comment: "deny",
      review_release: "deny",
    });
    expect(config.agent.build).toEqual({ model: "x/y" });
    const agent = config.agent[REVIEWER_AGENT];
    expect(agent).toMatchObject({ mode: "subagent", hidden: true });
    expect(agent.prompt).toMatch(/One finding per problem/);
    expect(agent.prompt).toMatch(/No praise, no summary/);
    expect(agent.prompt).toMatch(/Mind the public API\.$/);
    expect(agent.permission).toEqual({
      "*": "deny",
      read: "allow",
      grep: "allow",
      glob: "allow",
      list: "allow",
      review_diff: "allow",
      review_comment: "allow",
      review_release: "allow",
    });
  });

  it("keeps a one-word permission as the rule for every other tool", async () => {
    const config: Record<string, any> = { permission: "allow" };
    await reviewerAgentConfig({})(config as never);
    expect(config.permission).toEqual({
      "*": "allow",
      review_diff: "deny",
      review_comment: "deny",
      review_release: "deny",
    });
  });

  it("reads the reviewer option, and refuses a model that is not provider/model", () => {
    expect(parsePluginOptions({}, "/repo")).toMatchObject({ ok: true, settings: { reviewer: {} } });
    expect(parsePluginOptions({ reviewer: false }, "/repo")).toMatchObject({ ok: true, settings: { reviewer: false } });
    expect(
      parsePluginOptions({ reviewer: { model: "anthropic/claude-sonnet-4", prompt: "Be strict." } }, "/repo"),
    ).toMatchObject({
      ok: true,
      settings: { reviewer: { model: "anthropic/claude-sonnet-4", prompt: "Be strict." } },
    });
    const bad = parsePluginOptions({ reviewer: { model: "sonnet" } }, "/repo");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/provider\/model/);
  });
});
