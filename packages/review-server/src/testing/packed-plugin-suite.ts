import { afterAll, beforeAll } from "vitest";
import { startFakeModel, type FakeModel } from "./fake-model.js";
import { installPackedPlugin } from "./install-packed-plugin.js";

/** What a suite of real-opencode terminal tests shares: the installed package's folder and a fake model. */
export interface PackedPluginSuite {
  readonly plugin: string;
  readonly model: FakeModel;
}

/**
 * Called inside a `describe`: installs the packed plugin and starts a fake model that answers "Hi there." once
 * for the whole block (before its tests, up to 5 minutes on a loaded machine), and closes the model after it.
 * Read `plugin` and `model` inside the tests, once they are set.
 * @example const opencode = packedPluginSuite(); it("…", () => makeTerminalOnlyProject({ fakeModelUrl: opencode.model.url, plugin: opencode.plugin }));
 */
export function packedPluginSuite(before?: () => Promise<void>): PackedPluginSuite {
  const suite = {} as { plugin: string; model: FakeModel };
  beforeAll(async () => {
    await before?.();
    suite.plugin = await installPackedPlugin();
    suite.model = await startFakeModel([{ kind: "text", text: "Hi there." }]);
  }, 300_000);
  afterAll(async () => {
    await suite.model?.close();
  });
  return suite;
}
