// @vitest-environment node
// Changed images in real Chromium: both versions with dimensions and sizes, 2-up, swipe and onion skin,
// and where the pixels differ; SVG only as an image; other binaries by type and size; whole-file comments.
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { byteSize } from "../src/state/diff/byte-size.js";
import { launchBrowser, screenshotDir } from "./browser.js";
import { bmp, gif, png } from "./image-files.js";
import { callApi } from "./open-panel.js";
import { startPanelTarget } from "./panel-target.js";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const white = [255, 255, 255, 255] as const;
const red = [220, 20, 60, 255] as const;
const photoBefore = png(64, 48, () => white);
// A 10x10 square changed at (10, 5): 100 of 3,072 pixels.
const photoAfter = png(64, 48, (x, y) => (x >= 10 && x < 20 && y >= 5 && y < 15 ? red : white));
const bmpBefore = bmp(8, 8, () => white);
const bmpAfter = bmp(8, 8, (x, y) => (x === 3 && y === 4 ? [0, 0, 0, 255] : white));
const gifColours = [
  [255, 255, 255],
  [0, 0, 0],
] as const;
const gifBefore = gif(12, 10, gifColours, () => 0);
// A 2x3 block turns black at (4, 6): 6 of 120 pixels.
const gifAfter = gif(12, 10, gifColours, (x, y) => (x >= 4 && x < 6 && y >= 6 && y < 9 ? 1 : 0));
const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" onload="window.__svg='ran'"><script>window.__svg='script'</script><circle cx="16" cy="16" r="12" fill="${fill}"/></svg>`;
// Binary as real PDFs are: a NUL among the first bytes makes git call it binary.
const pdf = (n: number) => new Uint8Array(Buffer.from(`%PDF-1.4\n\0${"x".repeat(n)}\n%%EOF\n`, "latin1"));

/** JPEG or WebP bytes from Chromium's own encoder: a 40x30 picture, with a square when `marked`. */
async function encoded(page: Page, type: "image/jpeg" | "image/webp", marked: boolean): Promise<Uint8Array> {
  const url = await page.evaluate(
    ({ type, marked }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 40;
      canvas.height = 30;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#3366cc";
      g.fillRect(0, 0, 40, 30);
      if (marked) {
        g.fillStyle = "#ffcc00";
        g.fillRect(5, 5, 10, 10);
      }
      return canvas.toDataURL(type, 0.95);
    },
    { type, marked },
  );
  return new Uint8Array(Buffer.from(url.slice(url.indexOf(",") + 1), "base64"));
}

describe("image diff in Chromium", () => {
  it("shows PNG, BMP, GIF, JPEG, WebP and SVG changes with sizes and changed pixels, other binaries by type, and takes a whole-file comment", async () => {
    const browser = await launchBrowser({ width: 1280, height: 900 });
    cleanups.push(browser.close);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const jpeg = [await encoded(page, "image/jpeg", false), await encoded(page, "image/jpeg", true)] as const;
    const webp = [await encoded(page, "image/webp", false), await encoded(page, "image/webp", true)] as const;
    const target = await startPanelTarget({
      files: {
        base: {
          "art/photo.png": photoBefore,
          "art/pic.bmp": bmpBefore,
          "art/anim.gif": gifBefore,
          "art/photo.jpg": jpeg[0],
          "art/photo.webp": webp[0],
          "art/icon.svg": svg("#3366cc"),
          "docs/manual.pdf": pdf(100),
          "README.md": "# images\n",
        },
        now: {
          "art/photo.png": photoAfter,
          "art/pic.bmp": bmpAfter,
          "art/anim.gif": gifAfter,
          "art/photo.jpg": jpeg[1],
          "art/photo.webp": webp[1],
          "art/icon.svg": svg("#cc3333"),
          "art/new.png": png(16, 16, () => red),
          "docs/manual.pdf": pdf(3000),
        },
      },
    });
    // Closed after the browser (cleanups run last first), so no request of the page meets a closed server.
    cleanups.unshift(target.close);
    await page.goto(target.url);
    await page.locator('[data-component="file-header"]').first().waitFor();

    const preview = (path: string) => page.locator(`[data-component="binary-preview"][data-path="${path}"]`);
    const show = async (path: string) => {
      await page.locator(`[data-component="file-list"] [data-path="${path}"]`).click();
      await preview(path).locator('[data-slot="summary"]').first().waitFor();
      await preview(path).scrollIntoViewIfNeeded();
    };

    await show("art/photo.png");
    const photo = preview("art/photo.png");
    await photo.locator('[data-slot="changed"]').waitFor();
    expect(await photo.locator('[data-slot="summary"]').textContent()).toBe(
      `PNG 64x48 · ${byteSize(photoBefore.length)} → ${byteSize(photoAfter.length)}`,
    );
    expect(await photo.locator('[data-slot="changed"]').textContent()).toBe(
      "3.3% of pixels changed (100 of 3072), within 10x10 at 10,5",
    );
    expect(await photo.locator("figcaption").allTextContents()).toEqual([
      `Before: 64x48 · ${byteSize(photoBefore.length)}`,
      `After: 64x48 · ${byteSize(photoAfter.length)}`,
    ]);
    // The box sits over the changed square of the after image: at 10/64 and 5/48 of its width and height.
    const box = await photo.locator('[data-slot="box"]').evaluate((el) => {
      const frame = el.parentElement!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return {
        left: (r.left - frame.left) / frame.width,
        top: (r.top - frame.top) / frame.height,
        width: r.width / frame.width,
      };
    });
    expect(box.left).toBeCloseTo(10 / 64, 1);
    expect(box.top).toBeCloseTo(5 / 48, 1);
    expect(box.width).toBeCloseTo(10 / 64, 1);
    await photo.screenshot({ path: `${screenshotDir}image-2up.png` });

    await photo.locator('[data-slot="modes"] button', { hasText: "Swipe" }).click();
    const slider = photo.locator('input[data-slot="slider"]');
    await slider.fill("30");
    expect(
      await photo
        .locator('[data-slot="stage"] img[data-side="after"]')
        .evaluate((img) => getComputedStyle(img).clipPath),
    ).toBe("inset(0px 0px 0px 30%)");
    await photo.screenshot({ path: `${screenshotDir}image-swipe.png` });
    await photo.locator('[data-slot="modes"] button', { hasText: "Onion skin" }).click();
    await slider.fill("25");
    expect(
      await photo
        .locator('[data-slot="stage"] img[data-side="after"]')
        .evaluate((img) => getComputedStyle(img).opacity),
    ).toBe("0.25");
    await photo.screenshot({ path: `${screenshotDir}image-onion.png` });

    await show("art/pic.bmp");
    await preview("art/pic.bmp").locator('[data-slot="changed"]').waitFor();
    expect(await preview("art/pic.bmp").locator('[data-slot="summary"]').textContent()).toBe(
      `BMP 8x8 · ${byteSize(bmpBefore.length)} → ${byteSize(bmpAfter.length)}`,
    );
    expect(await preview("art/pic.bmp").locator('[data-slot="changed"]').textContent()).toBe(
      "1.6% of pixels changed (1 of 64), within 1x1 at 3,4",
    );

    await show("art/anim.gif");
    await preview("art/anim.gif").locator('[data-slot="changed"]').waitFor();
    expect(await preview("art/anim.gif").locator('[data-slot="summary"]').textContent()).toBe(
      `GIF 12x10 · ${byteSize(gifBefore.length)} → ${byteSize(gifAfter.length)}`,
    );
    expect(await preview("art/anim.gif").locator('[data-slot="changed"]').textContent()).toBe(
      "5.0% of pixels changed (6 of 120), within 2x3 at 4,6",
    );

    for (const [path, label, bytes] of [
      ["art/photo.jpg", "JPEG", jpeg],
      ["art/photo.webp", "WebP", webp],
    ] as const) {
      await show(path);
      await preview(path).locator('[data-slot="changed"]').waitFor();
      expect(await preview(path).locator('[data-slot="summary"]').textContent()).toBe(
        `${label} 40x30 · ${byteSize(bytes[0].length)} → ${byteSize(bytes[1].length)}`,
      );
      // Lossy formats blur the edge a little: the change is the square, give or take the encoder's fringe.
      const [, x, y] = /within \d+x\d+ at (\d+),(\d+)/.exec(
        (await preview(path).locator('[data-slot="changed"]').textContent())!,
      )!;
      expect(Number(x)).toBeLessThanOrEqual(5);
      expect(Number(y)).toBeLessThanOrEqual(5);
    }

    await show("art/new.png");
    expect(await preview("art/new.png").locator('[data-slot="summary"]').textContent()).toMatch(
      /^PNG 16x16 · \d+ B \(added\)$/,
    );

    // SVG: shown as an image from a data: URL, never as markup in the page, and its scripts never run.
    await show("art/icon.svg");
    await preview("art/icon.svg").locator('[data-slot="changed"]').waitFor();
    expect(await preview("art/icon.svg").locator('[data-slot="summary"]').textContent()).toMatch(/^SVG 32x32 · /);
    expect(await preview("art/icon.svg").locator("img").first().getAttribute("src")).toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
    expect(
      await page.evaluate(() => ({
        inline: document.querySelectorAll("svg circle").length,
        ran: (window as unknown as { __svg?: string }).__svg ?? null,
      })),
    ).toEqual({ inline: 0, ran: null });

    await show("docs/manual.pdf");
    expect(await preview("docs/manual.pdf").locator('[data-slot="summary"]').textContent()).toBe(
      `PDF · ${byteSize(pdf(100).length)} → ${byteSize(pdf(3000).length)}`,
    );
    expect(await preview("docs/manual.pdf").locator("img").count()).toBe(0);

    // A whole-file comment on an image.
    await page.locator('[data-component="file-list"] [data-path="art/photo.png"]').click();
    await page.locator('[data-component="file-header"][data-path="art/photo.png"] [data-slot~="file-comment"]').click();
    await page
      .locator('[data-component="row-composer"] textarea[data-slot="body"]')
      .fill("The red square covers the logo.");
    await page.locator('[data-component="row-composer"] [data-slot="submit"]').click();
    await page.locator('[data-component="thread"]', { hasText: "The red square covers the logo." }).waitFor();
    const drafts = await callApi<{ threads: { file: string; start: number | null }[] }>(
      target,
      "GET",
      "/api/threads?status=draft",
    );
    expect(drafts.threads).toEqual([expect.objectContaining({ file: "art/photo.png", start: null })]);
  });
});
