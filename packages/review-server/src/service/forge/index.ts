// Pull requests on a forge: pull, push, release, status. A table of contents; no logic lives here.
export { forgeOperations, type ForgeOperations, type ForgeDeps } from "./forge-operations.js";
