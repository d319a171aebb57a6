// Syntax colours for the terminal diff: a small line tokenizer (comments, strings, numbers, keywords, types,
// calls) that is enough for the languages agents mostly touch, run only on the lines on screen.

export type SyntaxTone = "plain" | "comment" | "string" | "number" | "keyword" | "type" | "function" | "punctuation";

export interface SyntaxToken {
  readonly text: string;
  readonly tone: SyntaxTone;
}

const KEYWORDS = new Set(
  (
    "abstract as async await break case catch class const continue def default defer delete do elif else enum export extends " +
    "false final finally fn for from func function go if impl implements import in interface is let loop match mod module mut " +
    "new nil none null package pass private protected pub public raise readonly return self static struct super switch this " +
    "throw trait true try type typeof undefined use var void where while with yield None True False"
  ).split(" "),
);

// `#` starts a comment only where a word cannot continue into it (Python, shell, YAML; not `this.#field`).
const TOKEN =
  /(\/\/.*$|(?:^|(?<=\s))#(?![![]).*$|\/\*.*?(?:\*\/|$))|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|`(?:[^`\\]|\\.)*`?)|(\b\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?\b|\b0x[\da-f]+\b)|([A-Za-z_$][\w$]*)|([{}()[\];,.<>=+\-*/%!&|^~?:]+)/gi;

/**
 * The line's text cut into coloured tokens, in order; joined back they are the line exactly.
 * @example syntaxTokens('const a = "x"; // why') // const(keyword) a "x"(string) // why(comment) ...
 */
export function syntaxTokens(text: string): SyntaxToken[] {
  const out: SyntaxToken[] = [];
  let at = 0;
  const push = (t: string, tone: SyntaxTone) => {
    if (t.length === 0) return;
    const last = out[out.length - 1];
    if (last && last.tone === tone) out[out.length - 1] = { text: last.text + t, tone };
    else out.push({ text: t, tone });
  };
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    push(text.slice(at, index), "plain");
    const [whole, comment, string, number, word, punctuation] = match;
    if (comment !== undefined) push(whole, "comment");
    else if (string !== undefined) push(whole, "string");
    else if (number !== undefined) push(whole, "number");
    else if (word !== undefined) {
      const next = text.slice(index + word.length).trimStart()[0];
      if (KEYWORDS.has(word)) push(word, "keyword");
      else if (next === "(") push(word, "function");
      else if (/^[A-Z][a-z]/.test(word)) push(word, "type");
      else push(word, "plain");
    } else if (punctuation !== undefined) push(whole, "punctuation");
    at = index + whole.length;
  }
  push(text.slice(at), "plain");
  return out;
}
