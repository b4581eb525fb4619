/** A compiled `.gitignore` glob: whether it matches a whole path (or name). */
export type IgnoreGlob = (text: string) => boolean;

/** One step of the automaton: a character test, or a fork (`split`). */
type Node =
  | { readonly kind: 'char'; readonly test: (char: string) => boolean }
  | { readonly kind: 'star'; readonly test: (char: string) => boolean }
  | { readonly kind: 'split'; readonly to: number };

const POSIX_CLASSES: Readonly<Record<string, (char: string) => boolean>> = {
  alnum: (c) => /^[A-Za-z0-9]$/.test(c),
  alpha: (c) => /^[A-Za-z]$/.test(c),
  blank: (c) => c === ' ' || c === '\t',
  cntrl: (c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127,
  digit: (c) => c >= '0' && c <= '9',
  graph: (c) => c > ' ' && c < '\x7f',
  lower: (c) => c >= 'a' && c <= 'z',
  print: (c) => c >= ' ' && c < '\x7f',
  punct: (c) => /^[!-/:-@[-`{-~]$/.test(c),
  space: (c) => /^[ \t\n\v\f\r]$/.test(c),
  upper: (c) => c >= 'A' && c <= 'Z',
  xdigit: (c) => /^[0-9A-Fa-f]$/.test(c),
};

const notSlash = (char: string): boolean => char !== '/';
const anything = (): boolean => true;

/** `[...]` starting at `glob[start] === '['`: the test and the index after `]`, or `undefined` when it never closes (git: no match). */
function parseClass(
  glob: string,
  start: number,
): { readonly test: (char: string) => boolean; readonly end: number } | undefined {
  let at = start + 1;
  let negated = false;
  if (glob[at] === '!' || glob[at] === '^') {
    negated = true;
    at++;
  }
  const tests: ((char: string) => boolean)[] = [];
  let first = true;
  for (;;) {
    let char = glob[at];
    if (char === undefined) return undefined;
    if (char === ']' && !first) break;
    first = false;
    if (char === '[' && glob[at + 1] === ':') {
      const close = glob.indexOf(':]', at + 2);
      if (close !== -1) {
        const named = POSIX_CLASSES[glob.slice(at + 2, close)];
        if (named === undefined) return undefined;
        tests.push(named);
        at = close + 2;
        continue;
      }
    }
    if (char === '\\') {
      at++;
      char = glob[at];
      if (char === undefined) return undefined;
    }
    const low = char;
    if (glob[at + 1] === '-' && glob[at + 2] !== undefined && glob[at + 2] !== ']') {
      at += 2;
      let high = glob[at] as string;
      if (high === '\\') {
        at++;
        const escaped = glob[at];
        if (escaped === undefined) return undefined;
        high = escaped;
      }
      tests.push((c) => c >= low && c <= high);
    } else {
      tests.push((c) => c === low);
    }
    at++;
  }
  return { test: (char) => char !== '/' && tests.some((test) => test(char)) !== negated, end: at + 1 };
}

/**
 * Compiles a glob of git's `wildmatch` with `WM_PATHNAME` (what `.gitignore` patterns use):
 * `?`, `*` and `[...]` (ranges, `!`/`^` negation, `[:alpha:]` names) never match `/`; `**`
 * between slashes (or at either end) matches across them, and `**\/` also matches no directory
 * at all; any other `**` is a `*`; `\x` is `x`. Like git, it matches bytes (`?` is one byte
 * of a UTF-8 name), and case counts (`core.ignoreCase` off). Matched by simulating an automaton (a set of
 * states per character), so the time is linear in the text for any pattern: a `.gitignore`
 * written by anyone cannot stall a walk. `undefined` for a pattern git never matches anything
 * with (an unclosed `[`, a trailing `\`, an unknown `[:name:]`).
 */
export function compileIgnoreGlob(pattern: string): IgnoreGlob | undefined {
  const glob = asBytes(pattern);
  const nodes: Node[] = [];
  let at = 0;
  while (at < glob.length) {
    const char = glob[at] as string;
    if (char === '*') {
      let end = at;
      while (glob[end] === '*') end++;
      const atSegmentStart = at === 0 || glob[at - 1] === '/';
      const double = end - at >= 2;
      if (double && atSegmentStart && (end === glob.length || glob[end] === '/')) {
        if (glob[end] === '/') {
          // `**/`: no directory (jump past the slash), or anything ending in a slash.
          const split = nodes.length;
          nodes.push({ kind: 'split', to: -1 });
          nodes.push({ kind: 'star', test: anything });
          nodes.push({ kind: 'char', test: (c) => c === '/' });
          nodes[split] = { kind: 'split', to: nodes.length };
          at = end + 1;
        } else {
          nodes.push({ kind: 'star', test: anything });
          at = end;
        }
      } else {
        nodes.push({ kind: 'star', test: notSlash });
        at = end;
      }
    } else if (char === '?') {
      nodes.push({ kind: 'char', test: notSlash });
      at++;
    } else if (char === '[') {
      const parsed = parseClass(glob, at);
      if (parsed === undefined) return undefined;
      nodes.push({ kind: 'char', test: parsed.test });
      at = parsed.end;
    } else {
      let literal = char;
      if (char === '\\') {
        const escaped = glob[at + 1];
        if (escaped === undefined) return undefined;
        literal = escaped;
        at++;
      }
      nodes.push({ kind: 'char', test: (c) => c === literal });
      at++;
    }
  }
  return (text) => simulate(nodes, asBytes(text));
}

const NON_ASCII = /[\u0080-\uffff]/;

/** git matches bytes: a non-ASCII text becomes one character per byte of its UTF-8 form. */
function asBytes(text: string): string {
  return NON_ASCII.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text;
}

/** Adds state `index` and every state reachable from it without reading a character. */
function addState(nodes: readonly Node[], states: Uint8Array, list: number[], index: number): void {
  if (states[index] === 1) return;
  states[index] = 1;
  list.push(index);
  const node = nodes[index];
  if (node === undefined) return;
  if (node.kind === 'split') {
    addState(nodes, states, list, index + 1);
    addState(nodes, states, list, node.to);
  } else if (node.kind === 'star') {
    addState(nodes, states, list, index + 1);
  }
}

function simulate(nodes: readonly Node[], text: string): boolean {
  const size = nodes.length + 1;
  // Two state sets, reused: the one about to be filled is always clear at the top of the loop.
  let marks = new Uint8Array(size);
  let nextMarks = new Uint8Array(size);
  let list: number[] = [];
  addState(nodes, marks, list, 0);
  for (const char of text) {
    const next: number[] = [];
    for (const index of list) {
      const node = nodes[index];
      if (node === undefined || node.kind === 'split' || !node.test(char)) continue;
      addState(nodes, nextMarks, next, node.kind === 'star' ? index : index + 1);
    }
    if (next.length === 0) return false;
    for (const index of list) marks[index] = 0;
    [marks, nextMarks] = [nextMarks, marks];
    list = next;
  }
  return marks[nodes.length] === 1;
}
