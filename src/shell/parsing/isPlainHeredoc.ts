import type { Node } from 'web-tree-sitter';

/** Delimiters bash and the parser read the same way: a name, bare or wholly quoted once. */
const PLAIN_DELIMITER =
  /^(?:([A-Za-z_][A-Za-z0-9_]*)|'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)"|\\([A-Za-z_][A-Za-z0-9_]*))$/u;

function findChild(node: Node, type: string): Node | undefined {
  const found = node.children.filter((child) => child.type === type);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Whether bash ends this heredoc where the parser does, checked from the source rather than
 * trusted from the tree: a plain delimiter (`EOF`, `'EOF'`, `"EOF"`, `\EOF`), the body starting
 * on the line right after the operator's line (no other heredoc, multi-line word or line
 * continuation on that line), ending at the first line equal to the delimiter (after leading
 * tabs for `<<-`), and, for an unquoted delimiter, a body with no `\`, `$` or backtick (bash
 * expands it and joins backslash-newlines, which the parser does not follow). Anything else
 * is a heredoc the parser may end elsewhere than bash.
 */
export function isPlainHeredoc(node: Node, source: string): boolean {
  const operator = node.firstChild?.type;
  const start = findChild(node, 'heredoc_start');
  const body = findChild(node, 'heredoc_body');
  const end = findChild(node, 'heredoc_end');
  if ((operator !== '<<' && operator !== '<<-') || start === undefined || end === undefined || end.isMissing)
    return false;
  const match = PLAIN_DELIMITER.exec(start.text);
  if (match === null) return false;
  // A group that did not take part in the match is `undefined`, whatever RegExpExecArray's type says.
  const [bare, ...quoted]: readonly (string | undefined)[] = match.slice(1);
  const delimiter = bare ?? quoted.find((name) => name !== undefined);
  if (delimiter === undefined || end.text !== delimiter) return false;
  const lineEnd = source.indexOf('\n', start.endIndex);
  const restOfLine = source.slice(start.endIndex, lineEnd);
  if (lineEnd === -1 || restOfLine.includes('<<') || restOfLine.endsWith('\\')) return false;
  const stripTabs =
    operator === '<<-' ? (line: string): string => line.replace(/^\t+/u, '') : (line: string): string => line;
  const bodyStart = lineEnd + 1;
  const endLineStart = source.lastIndexOf('\n', end.startIndex - 1) + 1;
  if (endLineStart < bodyStart || stripTabs(source.slice(endLineStart, end.startIndex)) !== '') return false;
  if (end.endIndex !== source.length && source[end.endIndex] !== '\n') return false;
  // where the parser starts the body: the line right after the operator's line, as bash does
  const parsedStart = body !== undefined && body.text !== '' ? body.startIndex : endLineStart;
  if (
    parsedStart < bodyStart ||
    stripTabs(source.slice(bodyStart, parsedStart)) !== '' ||
    (body !== undefined && body.endIndex > end.startIndex)
  )
    return false;
  const text = source.slice(bodyStart, endLineStart);
  if (bare !== undefined && /[\\$`]/u.test(text)) return false;
  return text.split('\n').every((line) => stripTabs(line) !== delimiter);
}
