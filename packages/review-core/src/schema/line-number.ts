import { z } from "zod";

/**
 * A 1-based line number under the name a caller knows it by; a refusal says what a line number is.
 * @example lineNumber("line").safeParse(0).success // false
 */
export function lineNumber(field: string) {
  const message = `${field} must be a line number: a whole number from 1.`;
  return z.number({ error: message }).int({ error: message }).min(1, { error: message });
}
