import { describe, expect, test } from "vitest";
import { redactToken } from "./redact-token.js";

const TOKEN = "ghp_0123456789abcdefXYZ";

describe("redactToken", () => {
  test("replaces the token and any piece of it of 8 characters or more, wherever it stands", () => {
    expect(redactToken(`a ${TOKEN} b`, TOKEN)).toBe("a [token] b");
    expect(redactToken(`cut: ${TOKEN.slice(0, 8)}`, TOKEN)).toBe("cut: [token]");
    expect(redactToken(`tail ${TOKEN.slice(-9)}.`, TOKEN)).toBe("tail [token].");
    expect(redactToken(`${TOKEN.slice(3, 12)}${TOKEN}`, TOKEN)).toBe("[token]");
  });

  test("leaves shorter runs, other text and a missing token alone", () => {
    expect(redactToken("ghp_012 and 456789a", TOKEN)).toBe("ghp_012 and 456789a");
    expect(redactToken(`x ${TOKEN}`, null)).toBe(`x ${TOKEN}`);
  });
});
