// forge: the only place a forge's API is called (as git/ is for git). A table of contents; no logic lives here.

// which forge, where its API is, the token
export { parseRemoteUrl, forgeKindOf, type ForgeRepository } from "./forge-remote.js";
export { forgeEndpoint, type ForgeEndpoint } from "./forge-endpoint.js";
export { readForgeToken, hasForgeToken, noTokenError, type TokenSource } from "./forge-token.js";
// the one table of forge kinds and dialects: clients, token variables, endpoint rules, abilities
export {
  FORGES,
  forgeEntry,
  hasAbility,
  TOKEN_VARIABLES,
  ENDPOINT_VARIABLES,
  type ForgeEntry,
  type ForgeDialectEntry,
  type ForgeAbility,
} from "./forge-registry.js";
export { openForge, type BranchForge } from "./open-forge.js";

// the clients
export type {
  ForgeClient,
  ForgePullRequest,
  ForgeThread,
  ForgeComment,
  ForgeSurvey,
  ForgeReviewComment,
  ForgeReviewEvent,
} from "./forge-client.js";
export { createGitHubClient, type GitHubClientOptions } from "./github-client.js";
export { createForgejoClient, type ForgejoClientOptions } from "./forgejo-client.js";
export { forgejoDialect, type ForgejoDialect } from "./forgejo-dialect.js";
export { forgeFailure, type FailureContext } from "./forge-failure.js";
export { diffSideLines } from "./diff-side-lines.js";
