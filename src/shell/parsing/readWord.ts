import type { Node } from 'web-tree-sitter';
import type { ShellWord } from './ShellWord.js';

/** Characters that make an unquoted word expand: globs, braces, and a leading tilde. */
const EXPANDING = new Set(['*', '?', '[', '{', '$', '`']);

/** An unquoted word: backslash escapes removed; glob, brace or tilde characters make it non-literal. */
function readBareWord(source: string): ShellWord {
  let text = '';
  let literal = !source.startsWith('~');
  for (let index = 0; index < source.length; index++) {
    const char = source[index] as string;
    if (char === '\\') {
      const next = source[index + 1];
      index++;
      if (next !== undefined && next !== '\n') text += next;
      continue;
    }
    if (EXPANDING.has(char)) literal = false;
    text += char;
  }
  return literal ? { text, literal } : { text: source, literal };
}

/** The inside of a double-quoted string: only `\$`, `` \` ``, `\"`, `\\` and `\<newline>` are escapes. */
function readDoubleQuotedContent(source: string): string {
  return source.replace(/\\([$`"\\\n])/gu, (_match, escaped: string) => (escaped === '\n' ? '' : escaped));
}

/** An unescaped `$` that bash expands inside double quotes (not one before a quote, a blank or the end). */
const EXPANDING_IN_DOUBLE_QUOTES = /(?:^|[^\\])(?:\\\\)*(?:\$[^'"\s]|`)/u;

/** A double-quoted string: literal when it holds only text (read from the source, newlines included). */
function readString(node: Node): ShellWord {
  const content = node.text.slice(1, -1);
  const onlyText = node.namedChildren.every((child) => child.type === 'string_content');
  if (!onlyText || !node.text.endsWith('"') || EXPANDING_IN_DOUBLE_QUOTES.test(content))
    return { text: node.text, literal: false };
  return { text: readDoubleQuotedContent(content), literal: true };
}

function readConcatenation(node: Node): ShellWord {
  let text = '';
  for (const child of node.children) {
    const part = child.isNamed ? readWord(child) : { text: child.text, literal: false };
    if (!part.literal) return { text: node.text, literal: false };
    text += part.text;
  }
  return { text, literal: true };
}

/**
 * Reads one word node of the tree the way bash would see it before running the command.
 * Anything that can change at run time (parameters, substitutions, globs, ...) is kept as
 * source text and marked non-literal, so it can never equal a plain word of a policy rule
 * by accident of quoting.
 */
export function readWord(node: Node): ShellWord {
  switch (node.type) {
    case 'word':
      return readBareWord(node.text);
    case 'number':
      return { text: node.text, literal: true };
    case 'raw_string':
      return { text: node.text.slice(1, -1), literal: true };
    case 'ansi_c_string': {
      const inner = node.text.slice(2, -1);
      return inner.includes('\\') ? { text: node.text, literal: false } : { text: inner, literal: true };
    }
    case 'string':
      return readString(node);
    case 'concatenation':
      return readConcatenation(node);
    case 'command_name': {
      const [inner] = node.namedChildren;
      return inner === undefined ? { text: node.text, literal: false } : readWord(inner);
    }
    default:
      return { text: node.text, literal: false };
  }
}
