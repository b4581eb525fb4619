import type { Node } from 'web-tree-sitter';

/** Where the first syntax error of a tree is, for people: `unexpected "then" at line 1, column 4`. */
export function describeParseError(root: Node): string {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.shift() as Node;
    if (node.isError || node.isMissing) {
      const { row, column } = node.startPosition;
      const what = node.isMissing
        ? `a missing ${JSON.stringify(node.type)}`
        : `unexpected ${JSON.stringify(node.text.slice(0, 40))}`;
      return `${what} at line ${row + 1}, column ${column + 1}`;
    }
    stack.push(...node.children.filter((child) => child.hasError || child.isMissing));
  }
  return 'a syntax error';
}
