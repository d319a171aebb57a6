import { describe, expect, it } from "vitest";
import { MESSAGE_BODY_LIMIT } from "../review/message-body.js";
import { countCharacters } from "../review/message-body.js";
import { bodyText } from "./body-text.js";

const body = bodyText("body");
const messageOf = (input: unknown) => body.safeParse(input).error?.issues.map((i) => i.message);

describe("bodyText", () => {
  it("accepts 1 and exactly 1000 characters", () => {
    expect(body.parse("x")).toBe("x");
    expect(body.safeParse("x".repeat(MESSAGE_BODY_LIMIT)).success).toBe(true);
  });

  it("refuses 1001 characters with the length, the limit and what to do", () => {
    expect(messageOf("x".repeat(1001))).toEqual([
      "body is 1001 characters; the limit is 1000. Shorten it or split it into two replies.",
    ]);
    expect(messageOf("y".repeat(1234))).toEqual([
      "body is 1234 characters; the limit is 1000. Shorten it or split it into two replies.",
    ]);
  });

  it("names the field it was made for", () => {
    expect(bodyText("text").safeParse("x".repeat(1001)).error?.issues[0]?.message).toMatch(/^text is 1001 characters;/);
  });

  it("refuses empty and blank bodies", () => {
    expect(messageOf("")).toEqual(["body is empty; write 1 to 1000 characters."]);
    expect(messageOf(" \n\t ")).toEqual(["body is empty; write 1 to 1000 characters."]);
  });

  it("counts an emoji as one character, not two UTF-16 units", () => {
    const thousand = "👍".repeat(1000);
    expect(thousand.length).toBe(2000);
    expect(body.safeParse(thousand).success).toBe(true);
    expect(messageOf(`${thousand}👍`)).toEqual([
      "body is 1001 characters; the limit is 1000. Shorten it or split it into two replies.",
    ]);
  });

  it("says what is wrong with a missing or non-text body", () => {
    expect(messageOf(undefined)).toEqual(["body is missing; write 1 to 1000 characters."]);
    expect(messageOf(42)).toEqual(["body must be a string of 1 to 1000 characters."]);
  });
});

describe("countCharacters", () => {
  it("counts code points", () => {
    expect(countCharacters("")).toBe(0);
    expect(countCharacters("café")).toBe(4);
    expect(countCharacters("👍 ok")).toBe(4);
    // A family emoji is five code points joined by zero-width joiners.
    expect(countCharacters("👨‍👩‍👧")).toBe(5);
  });
});
