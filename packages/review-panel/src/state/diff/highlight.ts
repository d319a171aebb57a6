// Syntax colours, loaded on first need and computed per file only when its lines are on screen.
import { createContext, createSignal, useContext } from "solid-js";
import type { DiffFile } from "../review-client.js";

/** One coloured piece of a line: its text and the colour for each theme. */
export interface Token {
  readonly text: string;
  readonly light: string | undefined;
  readonly dark: string | undefined;
}

type FileTokens = {
  readonly new: ReadonlyMap<number, readonly Token[]>;
  readonly old: ReadonlyMap<number, readonly Token[]>;
};

const languages: Readonly<Record<string, string>> = {
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "jsx",
  json: "json",
  css: "css",
  html: "html",
  md: "markdown",
  py: "python",
  go: "go",
  rs: "rust",
  sh: "shellscript",
  bash: "shellscript",
  yml: "yaml",
  yaml: "yaml",
};

/** Files with more changed lines than this stay plain: colouring them would stall scrolling. */
const maxLines = 4000;

/**
 * The shiki language for a path, or null when none of the bundled ones fits.
 * @example languageOf("src/app.tsx") // "tsx"
 */
export function languageOf(path: string): string | null {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return languages[ext] ?? null;
}

type Highlighter = {
  codeToTokens: (
    code: string,
    options: { lang: string; themes: { light: string; dark: string }; defaultColor: false },
  ) => {
    tokens: { content: string; htmlStyle?: Record<string, string> | string }[][];
  };
};

let loading: Promise<Highlighter> | null = null;
function loadHighlighter(): Promise<Highlighter> {
  // Only the core, a few grammars and two themes: the full bundle would add megabytes to the first load.
  loading ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import("shiki/core"),
      import("shiki/engine/javascript"),
    ]);
    const highlighter = await createHighlighterCore({
      themes: [import("shiki/themes/github-light.mjs"), import("shiki/themes/github-dark.mjs")],
      langs: [
        import("shiki/langs/typescript.mjs"),
        import("shiki/langs/tsx.mjs"),
        import("shiki/langs/javascript.mjs"),
        import("shiki/langs/jsx.mjs"),
        import("shiki/langs/json.mjs"),
        import("shiki/langs/css.mjs"),
        import("shiki/langs/html.mjs"),
        import("shiki/langs/markdown.mjs"),
        import("shiki/langs/python.mjs"),
        import("shiki/langs/go.mjs"),
        import("shiki/langs/rust.mjs"),
        import("shiki/langs/shellscript.mjs"),
        import("shiki/langs/yaml.mjs"),
      ],
      engine: createJavaScriptRegexEngine(),
    });
    return highlighter as unknown as Highlighter;
  })();
  return loading;
}

function styleOf(token: { htmlStyle?: Record<string, string> | string }, key: string): string | undefined {
  const style = token.htmlStyle;
  if (!style || typeof style === "string") return undefined;
  return style[key];
}

function tokenize(
  h: Highlighter,
  lang: string,
  lines: readonly { n: number; text: string }[],
): Map<number, readonly Token[]> {
  const result = new Map<number, readonly Token[]>();
  if (lines.length === 0) return result;
  const { tokens } = h.codeToTokens(lines.map((l) => l.text).join("\n"), {
    lang,
    themes: { light: "github-light", dark: "github-dark" },
    defaultColor: false,
  });
  tokens.forEach((row, i) => {
    const line = lines[i];
    if (line)
      result.set(
        line.n,
        row.map((t) => ({ text: t.content, light: styleOf(t, "--shiki-light"), dark: styleOf(t, "--shiki-dark") })),
      );
  });
  return result;
}

export type Highlight = ReturnType<typeof createHighlight>;

/**
 * Per-file syntax tokens; `request` colours a file's lines (again when they changed), `tokens` reads them
 * (null until ready).
 * @example const hl = createHighlight(); hl.request(file); hl.tokens(file.path, "new", 12)
 */
export function createHighlight() {
  const [done, setDone] = createSignal<ReadonlyMap<string, FileTokens>>(new Map());
  // Per path, the lines last asked for (`key`) and the diff's own lines among them (`hunks`): a file the agent
  // writes while the panel is open keeps its path but not its lines, and tokens are found by line number, so
  // colours of the old text would show on the new.
  const asked = new Map<string, { readonly key: string; readonly hunks: string }>();
  // Every row of a file asks with the same objects (a changed file is a new one): its key is worked out once.
  const keys = new WeakMap<
    DiffFile,
    { readonly text: readonly string[] | undefined; readonly key: string; readonly hunks: string }
  >();
  return {
    tokens: (path: string, side: "new" | "old", line: number | null): readonly Token[] | null =>
      line === null ? null : (done().get(path)?.[side].get(line) ?? null),
    /**
     * Colours a file's lines. With `text` (the file's whole text at the diff's end, read once context was
     * revealed) the new side is coloured whole, so revealed lines get colours like the diff's own (and a
     * comment opened above a hunk colours its lines right); without it, the hunks' lines.
     */
    request: (file: DiffFile, text?: readonly string[]) => {
      if (file.binary) return;
      const whole = text !== undefined && text.length <= maxLines ? text : undefined;
      const known = keys.get(file);
      if (known !== undefined && known.text === whole && asked.get(file.path)?.key === known.key) return;
      const hunkNew: { n: number; text: string }[] = [];
      const oldLines: { n: number; text: string }[] = [];
      for (const hunk of file.hunks)
        for (const line of hunk.lines) {
          if (line.kind !== "del" && line.new !== null) hunkNew.push({ n: line.new, text: line.text });
          if (line.kind !== "add" && line.old !== null) oldLines.push({ n: line.old, text: line.text });
        }
      const newLines = whole ? whole.map((t, i) => ({ n: i + 1, text: t })) : hunkNew;
      const hunks = JSON.stringify([hunkNew, oldLines]);
      const key = whole ? JSON.stringify([newLines, oldLines]) : hunks;
      keys.set(file, { text: whole, key, hunks });
      const before = asked.get(file.path);
      if (before?.key === key) return;
      asked.set(file.path, { key, hunks });
      // Until the new colours are ready the file shows plain, never with the old text's colours; the same
      // lines asked for again with the whole text keep theirs meanwhile (they are right, only more come).
      if (before !== undefined && before.hunks !== hunks && done().has(file.path))
        setDone((m) => {
          const next = new Map(m);
          next.delete(file.path);
          return next;
        });
      const lang = languageOf(file.path);
      const count = whole ? whole.length : file.hunks.reduce((n, h) => n + h.lines.length, 0);
      if (!lang || count > maxLines) return;
      void loadHighlighter().then((h) => {
        // A later request for other lines of the file won: these colours are for text no longer shown.
        if (asked.get(file.path)?.key !== key) return;
        try {
          const tokens: FileTokens = { new: tokenize(h, lang, newLines), old: tokenize(h, lang, oldLines) };
          setDone((m) => new Map(m).set(file.path, tokens));
        } catch {
          // A grammar that fails on odd input leaves the file plain, which is still readable.
        }
      });
    },
    reset: () => {
      asked.clear();
      setDone(new Map());
    },
  };
}

export const HighlightContext = createContext<Highlight>();

/** The highlighter of the enclosing panel. */
export function useHighlight(): Highlight {
  const value = useContext(HighlightContext);
  if (!value) throw new Error("useHighlight outside HighlightContext");
  return value;
}

/**
 * Colours a fenced block of a comment: its language by name or file extension (`ts`, `typescript`),
 * or null when the language is not one of the bundled grammars or the grammar fails on the text.
 * @example await highlightBlock("const a = 1;", "ts") // [[{ text: "const", light: "#CF222E", dark: "#FF7B72" }, ...]]
 */
export async function highlightBlock(code: string, language: string): Promise<readonly (readonly Token[])[] | null> {
  const name = language.toLowerCase();
  const lang = languages[name] ?? (Object.values(languages).includes(name) ? name : null);
  if (!lang) return null;
  const h = await loadHighlighter();
  try {
    const { tokens } = h.codeToTokens(code, {
      lang,
      themes: { light: "github-light", dark: "github-dark" },
      defaultColor: false,
    });
    return tokens.map((line) =>
      line.map((t) => ({ text: t.content, light: styleOf(t, "--shiki-light"), dark: styleOf(t, "--shiki-dark") })),
    );
  } catch {
    return null;
  }
}
