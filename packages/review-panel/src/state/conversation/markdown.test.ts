import { describe, expect, it } from "vitest";
import { createMarkdown } from "./markdown.js";

const render = (body: string) => {
  const box = document.createElement("div");
  box.innerHTML = createMarkdown(window).render(body);
  return box;
};

describe("comment Markdown", () => {
  it("renders code spans, fenced code with its language, lists, quotes and links", () => {
    const box = render(
      "Use `retries` here.\n\n```ts\nconst a = 1;\n```\n\n- one\n- two\n\n> quoted\n\n[docs](https://example.com/docs)",
    );
    expect(box.querySelector("p code")?.textContent).toBe("retries");
    expect(box.querySelector("pre code")?.className).toBe("language-ts");
    expect(box.querySelector("pre code")?.textContent).toBe("const a = 1;\n");
    expect([...box.querySelectorAll("ul li")].map((li) => li.textContent)).toEqual(["one", "two"]);
    expect(box.querySelector("blockquote")?.textContent?.trim()).toBe("quoted");
    const link = box.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://example.com/docs");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
  });

  it.each([
    ['<img src=x onerror="alert(1)">', "<img"],
    ['<svg onload="alert(1)"><circle r="4"/></svg>', "<svg"],
    ['<iframe src="https://evil.example/"></iframe>', "<iframe"],
    ["<script>alert(1)</script>", "<script"],
    ["<style>body { display: none }</style>", "<style"],
    ['<a href="javascript:alert(1)">x</a>', "<a href"],
  ])("shows raw HTML %s as text, never as an element", (payload, shown) => {
    const box = render(`before ${payload} after`);
    expect(box.querySelector("img, svg, iframe, script, style, object, embed")).toBeNull();
    expect(box.querySelector("[onerror], [onload], [style]")).toBeNull();
    expect(box.textContent).toContain(shown);
  });

  it("turns Markdown images into links and drops links that are not web or mail", () => {
    const box = render(
      "![logo](https://evil.example/track.png) [run](javascript:alert(1)) [data](data:text/html,<b>x</b>) [mail](mailto:a@b.c)",
    );
    expect(box.querySelector("img")).toBeNull();
    const hrefs = [...box.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toContain("https://evil.example/track.png");
    expect(hrefs).toContain("mailto:a@b.c");
    expect(hrefs.some((h) => h !== null && /^(javascript|data):/i.test(h))).toBe(false);
    expect(box.textContent).toContain("image: logo");
  });

  it("keeps a class only as a fenced block's language", () => {
    const box = render('```"onmouseover=alert(1)\nx\n```');
    expect(box.querySelector("[onmouseover]")).toBeNull();
  });
});
