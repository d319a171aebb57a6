import type { ResolveRefusal } from "../anchor/check-resolve.js";
import type { MessageClaim } from "../review/types.js";

// Why a refused claim was refused, in the person's words: short, since it sits on the message in both panels.
const REASONS: Readonly<Record<ResolveRefusal, string>> = {
  unchanged: "the lines read as they did",
  moved: "the lines only moved",
  whitespace_only: "only whitespace changed",
  not_text: "not a text file, so it cannot be checked",
};

/**
 * The reason a refused resolve claim keeps with its message, as the person reads it.
 * @example claimReason("unchanged") // "the lines read as they did"
 */
export function claimReason(refusal: ResolveRefusal): string {
  return REASONS[refusal];
}

/**
 * How an agent message's resolve claim reads on the message, in the web panel and the terminal alike.
 * @example renderClaim({ resolved: true, accepted: false, reason: "the lines read as they did" }) // "claimed resolved · refused: the lines read as they did"
 */
export function renderClaim(claim: MessageClaim): string {
  if (claim.accepted) return "claimed resolved · accepted";
  return claim.reason === undefined ? "claimed resolved · refused" : `claimed resolved · refused: ${claim.reason}`;
}
