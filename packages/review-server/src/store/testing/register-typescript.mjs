// `node --import ./register-typescript.mjs file.ts`: installs typescript-hooks.mjs (see there).
import { register } from "node:module";

register("./typescript-hooks.mjs", import.meta.url);
