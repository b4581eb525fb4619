import type { Node } from 'web-tree-sitter';
import type { OutputRedirection } from './CommandLineAnalysis.js';
import { readWord } from './readWord.js';

/** Operators that open their target for writing (`<>` opens it for reading and writing). */
const WRITING = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
/** `>&word` and `<&word` duplicate a descriptor when the word is a number or `-`. */
const DUPLICATING = new Set(['>&', '<&']);
/** Targets that write nowhere a policy cares about. */
export const OUTPUT_SINKS: ReadonlySet<string> = new Set([
  '/dev/null',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/fd/1',
  '/dev/fd/2',
]);

/** The operator tokens of a redirection before its target (the parser reads `1<>f` as `<`, an ERROR holding `>`, then `f`). */
function readOperator(node: Node, destination: Node): string | undefined {
  const tokens = node.children.filter(
    (child) => child.startIndex < destination.startIndex && (!child.isNamed || child.isError),
  );
  return tokens.length === 0 ? undefined : tokens.map((child) => child.text).join('');
}

/** Sources that read nothing a policy cares about. */
const INPUT_SOURCES: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdin', '/dev/fd/0', '/dev/zero']);

/**
 * The file an input redirection reads (`<`, and `<>`, which opens it for reading and writing),
 * or `undefined` for other redirections and `/dev/null`. Here-strings and heredocs are not files.
 */
export function readInputRedirection(node: Node): OutputRedirection | undefined {
  const destination = node.childForFieldName('destination');
  const operator = destination === null ? undefined : readOperator(node, destination);
  if (destination === null || (operator !== '<' && operator !== '<>')) return undefined;
  const target = readWord(destination);
  return target.literal && INPUT_SOURCES.has(target.text) ? undefined : { operator, target };
}

/**
 * The file an output redirection writes to, or `undefined` for input redirections,
 * descriptor duplications (`2>&1`, `>&-`) and sinks such as `/dev/null`.
 */
export function readRedirection(node: Node): OutputRedirection | undefined {
  const destination = node.childForFieldName('destination');
  if (destination === null) return undefined;
  const operator = readOperator(node, destination);
  if (operator === undefined) return undefined;
  const target = readWord(destination);
  if (DUPLICATING.has(operator)) {
    if (operator === '<&' || /^([0-9]+-?|-)$/u.test(target.text)) return undefined;
  } else if (!WRITING.has(operator)) {
    return undefined;
  }
  if (target.literal && OUTPUT_SINKS.has(target.text)) return undefined;
  return { operator, target };
}
