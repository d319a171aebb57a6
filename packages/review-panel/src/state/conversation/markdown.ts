// Comment bodies as Markdown: parsed by marked, then cleaned by DOMPurify against a short allowlist.
// A body is written by a person or an agent and may quote hostile text, so nothing in it may run script,
// load a remote resource or restyle the page: raw HTML is shown as text, images become links, and only
// web and mail links survive.
import createPurify from "dompurify";
import { Marked, type Tokens } from "marked";
import { createContext, useContext } from "solid-js";

/** The tags marked makes from Markdown; anything else in the output is dropped. */
const allowedTags = [
  "p",
  "br",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "span",
];
const allowedAttributes = ["href", "title", "class", "start", "data-kind"];
/** Web and mail links only: no `javascript:`, `data:`, `file:` or relative links into the panel. */
const allowedLink = /^(?:https?:|mailto:)/i;

export interface Markdown {
  /** Safe HTML for a body: only the allowlisted tags, links that open elsewhere, no images. */
  readonly render: (body: string) => string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A renderer bound to one window (DOMPurify needs its DOM).
 * @example createMarkdown(window).render("Use `retries` here") // "<p>Use <code>retries</code> here</p>\n"
 */
export function createMarkdown(win: Window & typeof globalThis): Markdown {
  const purify = createPurify(win);
  purify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "A") return;
    const href = node.getAttribute("href");
    if (href === null || !allowedLink.test(href.trim())) node.removeAttribute("href");
    else {
      // A link leaves the panel in a new tab that cannot reach back into it.
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
  });
  // The class attribute is kept only for a fenced block's language, which the highlighter reads.
  purify.addHook("uponSanitizeAttribute", (node, data) => {
    if (data.attrName === "class" && !(node.tagName === "CODE" && /^language-[\w+#.-]+$/.test(data.attrValue)))
      data.keepAttr = false;
  });
  const marked = new Marked({
    gfm: true,
    breaks: true,
    async: false,
    renderer: {
      // Raw HTML in a body is text, shown as written: a comment quoting `<img onerror=…>` reads as that.
      html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
      // An image would load from wherever it points; it is a link the person may choose to follow.
      image: (token: Tokens.Image) => {
        const label = `image: ${token.text || token.href}`;
        return allowedLink.test(token.href)
          ? `<a href="${escapeHtml(token.href)}">${escapeHtml(label)}</a>`
          : escapeHtml(label);
      },
    },
  });
  return {
    render: (body) =>
      purify.sanitize(marked.parse(body) as string, {
        ALLOWED_TAGS: allowedTags,
        ALLOWED_ATTR: allowedAttributes,
        ALLOWED_URI_REGEXP: allowedLink,
        ALLOW_DATA_ATTR: false,
      }),
  };
}

export const MarkdownContext = createContext<Markdown>();

/** The Markdown renderer of the enclosing panel. */
export function useMarkdown(): Markdown {
  const value = useContext(MarkdownContext);
  if (!value) throw new Error("useMarkdown outside MarkdownContext");
  return value;
}
