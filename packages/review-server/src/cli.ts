#!/usr/bin/env node
// The `opencode-review` command (the package's bin): serve, demo, url, mcp, hook and setup. Thin: the commands live in cli/.
import { processIo } from "./cli/process-io.js";
import { runCli } from "./cli/run-cli.js";
import { z } from "zod";

// zod's per-schema compiled parsers cost more to build than they save at a command's volumes.
z.config({ jitless: true });

const code = await runCli(process.argv.slice(2), processIo());
// Exit explicitly: a stopped server may leave timers or sockets that would keep Node waiting.
process.exit(code);
