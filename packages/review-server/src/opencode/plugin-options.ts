import { formatSchemaError } from "@opencode-review/core";
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { parseLoopbackHost } from "../http/loopback.js";

/** The plugin's options from opencode.json, checked, with `dbPath` made absolute. */
export interface PluginSettings {
  readonly port?: number;
  readonly host?: string;
  readonly token?: string;
  readonly dbPath?: string;
  /** false: panel only, releases reach the agent as prose. */
  readonly tools: boolean;
  /** Reviewer agents: the model and extra instructions for runs, or false for none. */
  readonly reviewer: { readonly model?: string; readonly prompt?: string } | false;
  /** Pull requests on a forge: `pull` auto (default) or manual, `push` manual (default) or auto. */
  readonly forge?: { readonly pull?: "auto" | "manual"; readonly push?: "auto" | "manual" };
}

export type ParsedPluginOptions =
  | { readonly ok: true; readonly settings: PluginSettings }
  | { readonly ok: false; readonly message: string };

// Unknown keys are refused: a misspelt `Port` silently ignored would leave the person wondering why.
const pluginOptionsSchema = z.strictObject({
  port: z
    .number({ error: "port must be a port number: 0 to 65535 (0: any free port)." })
    .int()
    .min(0)
    .max(65535)
    .optional(),
  host: z
    .string({ error: "host must be a loopback address such as 127.0.0.1, ::1 or localhost." })
    .refine((host) => parseLoopbackHost(host) !== null, {
      error: (issue) =>
        `host ${String(issue.input)} is not a loopback address; the review server only listens on 127.0.0.1, ::1 or localhost.`,
    })
    .optional(),
  token: z
    .string({ error: "token must be a string." })
    .min(1, { error: "token is empty; leave it out for a random one." })
    .optional(),
  dbPath: z
    .string({ error: "dbPath must be a file path." })
    .min(1, { error: "dbPath is empty; leave it out for the default." })
    .optional(),
  tools: z.boolean({ error: "tools must be true or false." }).optional(),
  reviewer: z
    .union(
      [
        z.literal(false),
        z.strictObject({
          model: z
            .string()
            .regex(/^[^/\s]+\/\S+$/, {
              error: 'reviewer.model must be "provider/model", e.g. "anthropic/claude-sonnet-4".',
            })
            .optional(),
          prompt: z.string().min(1, { error: "reviewer.prompt is empty; leave it out for none." }).optional(),
        }),
      ],
      { error: 'reviewer must be false or { model?: "provider/model", prompt?: "..." }.' },
    )
    .optional(),
  forge: z
    .strictObject(
      {
        pull: z
          .enum(["auto", "manual"], {
            error: 'forge.pull must be "auto" (pull the pull request every few minutes) or "manual".',
          })
          .optional(),
        push: z
          .enum(["auto", "manual"], {
            error: 'forge.push must be "manual" (the person sends replies) or "auto" (sent at once).',
          })
          .optional(),
      },
      { error: 'forge must be { pull?: "auto"|"manual", push?: "auto"|"manual" }.' },
    )
    .optional(),
});

/**
 * Checks the options opencode passes the plugin (docs/install.md, "Options"); a refusal is a
 * value whose message names each bad option, for the log and a toast.
 * @example parsePluginOptions({ host: "0.0.0.0" }, "/repo") // { ok: false, message: "opencode-review: bad plugin options in opencode.json: host: host 0.0.0.0 is not a loopback address; ..." }
 */
export function parsePluginOptions(options: unknown, directory: string): ParsedPluginOptions {
  const parsed = pluginOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const problems = formatSchemaError(parsed.error).split("\n").join(" ");
    return {
      ok: false,
      message: `opencode-review: bad plugin options in opencode.json: ${problems} The review panel and tools are off until they are fixed.`,
    };
  }
  const { dbPath, tools, reviewer, ...rest } = parsed.data;
  return {
    ok: true,
    settings: {
      ...rest,
      tools: tools ?? true,
      reviewer:
        reviewer === false
          ? false
          : {
              ...(reviewer?.model === undefined ? {} : { model: reviewer.model }),
              ...(reviewer?.prompt === undefined ? {} : { prompt: reviewer.prompt }),
            },
      // opencode.json sits in the project, so a relative path means one inside it.
      ...(dbPath === undefined ? {} : { dbPath: isAbsolute(dbPath) ? dbPath : resolve(directory, dbPath) }),
    },
  };
}
