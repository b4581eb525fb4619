import { parseProgramArgs } from './parseProgramArgs.js';
import type { ShellWord } from './ShellWord.js';

/** The index after the delimited part that starts after `at` (the delimiter), backslash escapes skipped. */
function skipDelimited(script: string, at: number, delimiter: string): number {
  for (let index = at + 1; index < script.length; index++) {
    if (script[index] === '\\') index++;
    else if (script[index] === delimiter) return index + 1;
  }
  return script.length;
}

function skipLine(script: string, at: number): number {
  const end = script.indexOf('\n', at);
  return end === -1 ? script.length : end + 1;
}

/**
 * Whether a sed script may use a command that opens a file or runs one: `r`, `R`, `w`, `W`,
 * `e`, or the `w` and `e` flags of `s`. Conservative: address regexes, `s` and `y` parts,
 * labels, text of `a`/`i`/`c` and comments are skipped; any other such letter counts.
 */
export function mayOpenOrRun(script: string): boolean {
  let index = 0;
  while (index < script.length) {
    const char = script[index] as string;
    if (char === '\\' && script[index + 1] !== undefined)
      index = skipDelimited(script, index + 1, script[index + 1] as string);
    else if (char === '/') index = skipDelimited(script, index, '/');
    else if (char === '#' || char === ':' || char === 'b' || char === 't' || char === 'T')
      index = skipLabel(script, index, char === '#');
    else if ('aic'.includes(char)) index = skipLine(script, index);
    else if (char === 's' || char === 'y') {
      const delimiter = script[index + 1];
      if (delimiter === undefined) return false;
      index = skipDelimited(script, skipDelimited(script, index + 1, delimiter) - 1, delimiter);
      if (char === 's') {
        const flags = /^[a-zA-Z0-9]*/u.exec(script.slice(index))?.[0] ?? '';
        if (/[we]/u.test(flags)) return true;
        index += flags.length;
      }
    } else if ('rRwWe'.includes(char)) return true;
    else index++;
  }
  return false;
}

function skipLabel(script: string, at: number, comment: boolean): number {
  if (comment) return skipLine(script, at);
  const end = /[;\n}]/u.exec(script.slice(at + 1));
  return end === null ? script.length : at + 1 + end.index;
}

/**
 * Whether a `sed` command's script may open files or run programs itself (`r /etc/shadow`,
 * `w out`, `s/x/id/e`, `e cmd`): those are not in its words, so the command is judged like an
 * interpreter's inline code. A script read from a file (`-f`) or built by an expansion is not
 * seen here, so it counts too.
 */
export function sedScriptMayOpenOrRun(args: readonly ShellWord[]): boolean {
  const parsed = parseProgramArgs(args, {
    files: ['-e', '--expression', '-f', '--file'],
    values: ['-l', '--line-length'],
  });
  const scripts =
    parsed.files.length > 0 ? parsed.files : parsed.operands.slice(0, 1).map((target) => ({ via: 'operand', target }));
  return scripts.some(
    ({ via, target }) => via === '-f' || via === '--file' || !target.literal || mayOpenOrRun(target.text),
  );
}
