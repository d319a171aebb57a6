// The work tree's files as the panels read them. A table of contents; no logic lives here.
export { fileOperations, type FileOperations } from "./file-operations.js";
