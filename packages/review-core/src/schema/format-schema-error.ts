import type { z } from "zod";

type Issue = z.core.$ZodIssue;

// zod's own English messages ("Invalid input: expected string, received undefined") are written for
// programmers. They are rewritten here into sentences that name the field; a message a schema of ours
// wrote itself already does, and is kept as it is.
const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Invalid option|Too small|Too big|Invalid |Unrecognized key)/;

/**
 * One readable sentence per issue, each on its own line and led by the field it is about, for tool errors and HTTP 400s.
 * @example formatSchemaError(reviewReplyArgsSchema.safeParse({ id: "t1", text: "x".repeat(1001) }).error!) // "text: text is 1001 characters; the limit is 1000. Shorten it or split it into two replies."
 */
export function formatSchemaError(error: z.ZodError): string {
  return error.issues.map(describeIssue).join("\n");
}

function describeIssue(issue: Issue): string {
  const where = fieldName(issue.path);
  const sentence = ZOD_DEFAULT_MESSAGE.test(issue.message) ? rewrite(issue, where) : issue.message;
  return where === "" ? capitalize(sentence) : `${where}: ${sentence}`;
}

function rewrite(issue: Issue, where: string): string {
  const name = where === "" ? "the input" : where;
  switch (issue.code) {
    case "invalid_type": {
      const received = receivedType(issue);
      const expected = describeType(issue.expected);
      if (received === "undefined") return `${name} is missing; it must be ${expected}.`;
      // A fraction where a whole number was wanted is still "a number"; saying so would not help.
      const saysWhat = received !== null && !(issue.expected === "int" && received === "number");
      return `${name} must be ${expected}${saysWhat ? `, not ${describeType(received)}` : ""}.`;
    }
    case "invalid_value":
      return `${name} must be ${listChoices(issue.values.map((v) => JSON.stringify(v)))}.`;
    case "too_small":
      return `${name} ${bound(issue.origin, "at least", "more than", issue.minimum, issue.inclusive)}.`;
    case "too_big":
      return `${name} ${bound(issue.origin, "at most", "less than", issue.maximum, issue.inclusive)}.`;
    case "invalid_format":
      return `${name} must be ${issue.format === "datetime" ? "an ISO 8601 date and time" : `a valid ${issue.format}`}.`;
    case "unrecognized_keys":
      return `${issue.keys.length === 1 ? "unknown field" : "unknown fields"}: ${issue.keys.join(", ")}.`;
    case "invalid_union":
      return `${name} does not match any accepted form.`;
    default:
      return issue.message;
  }
}

function bound(
  origin: string,
  inclusiveWord: string,
  exclusiveWord: string,
  limit: number | bigint,
  inclusive?: boolean,
): string {
  const words = inclusive === false ? exclusiveWord : inclusiveWord;
  const plural = (unit: string) => (limit === 1 ? unit : `${unit}s`);
  if (origin === "string") {
    if (limit === 1 && inclusiveWord === "at least" && inclusive !== false) return "is empty";
    return `must have ${words} ${limit} ${plural("character")}`;
  }
  if (origin === "array" || origin === "set") return `must have ${words} ${limit} ${plural("item")}`;
  return `must be ${words} ${limit}`;
}

function receivedType(issue: Issue & { code: "invalid_type" }): string | null {
  if ("input" in issue)
    return issue.input === null ? "null" : Array.isArray(issue.input) ? "array" : typeof issue.input;
  const match = /received (\w+)$/.exec(issue.message);
  return match ? (match[1] as string) : null;
}

function describeType(expected: string): string {
  switch (expected) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "int":
      return "a whole number";
    case "boolean":
      return "true or false";
    case "array":
      return "a list";
    case "object":
      return "an object";
    case "null":
    case "undefined":
      return expected;
    default:
      return `of type ${expected}`;
  }
}

function listChoices(choices: readonly string[]): string {
  if (choices.length <= 1) return choices[0] ?? "one of the accepted values";
  return `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}`;
}

/** `["suggestion", 2]` → `suggestion[2]`; `["messages", 0, "body"]` → `messages[0].body`. */
function fieldName(path: readonly PropertyKey[]): string {
  let name = "";
  for (const key of path) {
    if (typeof key === "number") name += `[${key}]`;
    else name += name === "" ? String(key) : `.${String(key)}`;
  }
  return name;
}

function capitalize(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
