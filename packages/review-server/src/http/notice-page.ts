const escapes: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch);

/**
 * A small self-contained HTML page for what a person must do before the panel can show: get the
 * link, run the build. Inline style only, which the panel's CSP allows; `code` spans come from backticks.
 * @example noticePage("The panel is not built", ["Run `pnpm build`, then reload."])
 */
export function noticePage(title: string, paragraphs: readonly string[]): string {
  const body = paragraphs
    .map((text) => `<p>${escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`)
    .join("\n    ");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)} · opencode-review</title>
    <style>
      body { font: 15px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1f2328; }
      code { font: 13px ui-monospace, monospace; background: #f0f2f4; padding: 0.1rem 0.3rem; border-radius: 4px; }
      @media (prefers-color-scheme: dark) { body { background: #0d1117; color: #e6edf3; } code { background: #262c36; } }
    </style>
  </head>
  <body>
    <h1>${escapeHtml(title)}</h1>
    ${body}
  </body>
</html>
`;
}
