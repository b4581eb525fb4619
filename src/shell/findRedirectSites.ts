import type { Node, Parser } from 'web-tree-sitter';
import { readRedirection } from './readRedirection.js';

/** Where an output redirection's target word sits in the command text (UTF-16 offsets). */
export interface RedirectSite {
  readonly start: number;
  readonly end: number;
  readonly operator: string;
  /** The target as bash reads it (quotes removed). */
  readonly text: string;
}

function collect(node: Node, sites: RedirectSite[]): void {
  if (node.type === 'file_redirect') {
    const redirection = readRedirection(node);
    const destination = node.childForFieldName('destination');
    if (redirection !== undefined && destination !== null) {
      sites.push({ start: destination.startIndex, end: destination.endIndex, operator: redirection.operator, text: redirection.target.text });
    }
  }
  for (const child of node.children) collect(child, sites);
}

/**
 * The output redirections written in the command line itself (not those inside nested shell
 * code such as `bash -c '...'`, which are strings here), with the position of each target word,
 * so the runner can put a descriptor it opened in its place.
 */
export function findRedirectSites(parser: Parser, command: string): RedirectSite[] {
  const tree = parser.parse(command);
  if (tree === null) throw new Error('the bash parser returned no tree');
  try {
    const sites: RedirectSite[] = [];
    collect(tree.rootNode, sites);
    return sites;
  } finally {
    tree.delete();
  }
}
