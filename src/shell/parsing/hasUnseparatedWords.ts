import type { Node } from 'web-tree-sitter';

/** What may separate two words of one command: blanks and line continuations. */
const SEPARATION = /^(?:[ \t]|\\\n)+$/u;

function isRedirect(node: Node): boolean {
  return node.type.endsWith('_redirect');
}

/**
 * Whether the parser split a command where bash would not: two of its words (or a word and a
 * descriptor-numbered redirection, `a2>b`) with nothing between them in the source, or a redirection with more than one target (bash reads the extra words as
 * arguments: `sort <in -o x` runs `sort -o x`), or a token the parser left out of the words
 * (a lone `$`). Bash would see other words, or other commands, than the analysis reports.
 */
export function hasUnseparatedWords(node: Node, source: string): boolean {
  // the keyword of `declare`, `export`, `unset`, ... is the one unnamed child a word list may have
  const hasKeyword = node.type === 'declaration_command' || node.type === 'unset_command';
  if (node.children.some((child, index) => !child.isNamed && !(hasKeyword && index === 0))) return true;
  // the keyword too must stand apart: `export}` is one word to bash
  const children = node.children;
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as Node;
    if (child.type === 'file_redirect' && child.childrenForFieldName('destination').length > 1) return true;
    const previous = children[index - 1];
    if (previous === undefined) continue;
    const gap = source.slice(previous.endIndex, child.startIndex);
    if (SEPARATION.test(gap)) continue;
    // `echo a>b`: a redirection may follow a word directly, unless it starts with a descriptor number
    if (gap === '' && isRedirect(child) && child.firstChild?.type !== 'file_descriptor') continue;
    return true;
  }
  return false;
}
