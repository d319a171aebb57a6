import { createEffect } from "solid-js";
import { highlightBlock } from "../state/diff/highlight.js";
import { useMarkdown } from "../state/conversation/markdown.js";
import "./markdown-body.css";

/**
 * A comment's body rendered from Markdown (sanitized by `createMarkdown`), its fenced blocks coloured
 * by the panel's highlighter once it has loaded.
 */
export function MarkdownBody(props: { readonly body: string }) {
  const markdown = useMarkdown();
  let el!: HTMLDivElement;
  createEffect(() => {
    // innerHTML is set here, not through a JSX prop, so the colouring below runs on the nodes just made.
    el.innerHTML = markdown.render(props.body);
    for (const code of el.querySelectorAll<HTMLElement>("pre > code[class^='language-']")) {
      const language = code.className.slice("language-".length);
      const text = code.textContent ?? "";
      void highlightBlock(text.replace(/\n$/, ""), language).then((lines) => {
        if (!lines || !code.isConnected) return;
        // Built as nodes with their colours as custom properties: no markup from the grammar enters the page.
        const pieces: Node[] = [];
        lines.forEach((line, i) => {
          if (i > 0) pieces.push(document.createTextNode("\n"));
          for (const token of line) {
            const span = document.createElement("span");
            span.textContent = token.text;
            if (token.light) span.style.setProperty("--l", token.light);
            if (token.dark) span.style.setProperty("--d", token.dark);
            pieces.push(span);
          }
        });
        code.replaceChildren(...pieces);
        code.dataset.highlighted = "true";
      });
    }
  });
  return <div data-slot="text" data-component="markdown" ref={el} />;
}
