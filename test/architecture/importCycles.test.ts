import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The files of `src/` that `file` imports or re-exports, `import type` included (a type-only
 * cycle still ties the files together for a reader), read by the TypeScript scanner.
 */
function getLocalImports(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/u, '.ts')))
    .filter((target) => existsSync(target));
}

/** Every strongly connected group of two files or more (and every file that imports itself): Tarjan's algorithm. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    // The group is what the stack holds above `node`, `node` included.
    const group = stack.splice(stack.lastIndexOf(node));
    for (const member of group) onStack.delete(member);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('the import graph of src/', () => {
  const graph = new Map(listFiles(SRC).map((file) => [file, getLocalImports(file)]));

  it('reads the imports it checks (type-only ones too)', () => {
    const state = join(SRC, 'executor', 'CallState.ts');
    expect(graph.get(state)).toContain(join(SRC, 'registry', 'ToolCatalog.ts'));
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
          ['e', ['e']],
        ]),
      ),
    ).toStrictEqual([['a', 'b', 'c'], ['e']]);
  });

  it('has no import cycle', () => {
    expect(findCycles(graph).map((cycle) => cycle.map((file) => relative(SRC, file)))).toStrictEqual([]);
  });
});
