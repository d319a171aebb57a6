// The harness that runs the real opencode in tests: a scripted model, a throwaway project,
// `opencode run` / `opencode serve`, and the packed plugin. Table of contents only.

export { startFakeModel, SCRIPT_EXHAUSTED_TEXT } from "./fake-model.js";
export type {
  FakeChatMessage,
  FakeModel,
  FakeModelScript,
  FakeToolCall,
  FakeTurn,
  RecordedRequest,
} from "./fake-model.js";

export { harnessCacheDir, harnessConfigDir, makeOpencodeProject } from "./opencode-project.js";
export type { OpencodeProject, OpencodeProjectOptions, PluginEntry } from "./opencode-project.js";

export { opencodeBinary } from "./opencode-binary.js";
export { logProblems, runOpencode } from "./run-opencode.js";
export type { OpencodeRunResult, RunOpencodeOptions } from "./run-opencode.js";
export { serveOpencode } from "./serve-opencode.js";
export type { OpencodeServer, ServeOpencodeOptions } from "./serve-opencode.js";

export { packFixturePlugin, packPlugin } from "./pack-plugin.js";
