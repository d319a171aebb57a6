import { reviewListArgs, reviewOpenArgs, reviewReplyArgs, reviewTourArgs } from "@opencode-review/core";
import type { z } from "zod";
import type { AgentCall, ReviewService } from "../service/index.js";
import { REVIEW_LIST_DESCRIPTION } from "./review-list.description.js";
import { reviewList } from "./review-list.js";
import { REVIEW_OPEN_DESCRIPTION } from "./review-open.description.js";
import { reviewOpen } from "./review-open.js";
import { REVIEW_REPLY_DESCRIPTION } from "./review-reply.description.js";
import { reviewReply } from "./review-reply.js";
import { REVIEW_TOUR_DESCRIPTION } from "./review-tour.description.js";
import { reviewTour } from "./review-tour.js";
import type { ToolResult } from "./tool-result.js";

/** One agent tool as every host reads it: its name, its words for the model, its arguments and its work. */
export interface AgentTool {
  readonly name: string;
  readonly description: string;
  /** The zod shape opencode turns into the model's JSON Schema (MCP too); the tool checks the full rules itself. */
  readonly args: z.ZodRawShape;
  /** `call` names the session (and turn), so a retried reply or note is stored once. */
  run(service: ReviewService, args: unknown, call: AgentCall): Promise<ToolResult>;
}

/**
 * The agent's review tools, by the names the contract gives them: the one registry that opencode's
 * `hooks.tool`, the MCP server, client set-up (allow lists) and the tool-call hooks all read.
 * @example for (const tool of AGENT_TOOLS) console.error(tool.name, tool.description)
 */
export const AGENT_TOOLS = [
  { name: "review_list", description: REVIEW_LIST_DESCRIPTION, args: reviewListArgs, run: reviewList },
  { name: "review_reply", description: REVIEW_REPLY_DESCRIPTION, args: reviewReplyArgs, run: reviewReply },
  { name: "review_open", description: REVIEW_OPEN_DESCRIPTION, args: reviewOpenArgs, run: reviewOpen },
  { name: "review_tour", description: REVIEW_TOUR_DESCRIPTION, args: reviewTourArgs, run: reviewTour },
] as const satisfies readonly AgentTool[];

/** One of the agent's review tools. */
export type AgentToolName = (typeof AGENT_TOOLS)[number]["name"];

/**
 * The tools' names alone, for allow lists and hooks.
 * @example AGENT_TOOL_NAMES.map((name) => `mcp__opencode-review__${name}`)
 */
export const AGENT_TOOL_NAMES: readonly AgentToolName[] = AGENT_TOOLS.map((tool) => tool.name);
