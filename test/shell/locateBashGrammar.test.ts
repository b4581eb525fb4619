import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TREE_SITTER_FILES } from '../../src/shell/parsing/getBashParser.js';
import { locateBashGrammar } from '../../src/shell/parsing/locateBashGrammar.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('locateBashGrammar', () => {
  it("finds the grammar the package ships, byte for byte the tree-sitter-bash devDependency's (run npm run grammar:update after bumping it)", () => {
    const grammar = locateBashGrammar();
    expect(grammar).toBe(path.join(ROOT, 'assets/tree-sitter-bash.wasm'));
    expect(sha(grammar)).toBe(sha(path.join(ROOT, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm')));
    expect(readFileSync(path.join(ROOT, 'assets/tree-sitter-bash.LICENSE'), 'utf8')).toBe(
      readFileSync(path.join(ROOT, 'node_modules/tree-sitter-bash/LICENSE'), 'utf8'),
    );
  });

  it("ships web-tree-sitter's ES module and WASM, byte for byte the web-tree-sitter devDependency's, with its licence (npm run grammar:update)", () => {
    expect(
      [TREE_SITTER_FILES.module, TREE_SITTER_FILES.wasm, 'assets/web-tree-sitter.LICENSE'].map((file) => [
        sha(path.join(ROOT, file)),
        file,
      ]),
    ).toStrictEqual(
      ['web-tree-sitter.js', 'web-tree-sitter.wasm', 'LICENSE'].map((file, index) => [
        sha(path.join(ROOT, 'node_modules/web-tree-sitter', file)),
        [TREE_SITTER_FILES.module, TREE_SITTER_FILES.wasm, 'assets/web-tree-sitter.LICENSE'][index],
      ]),
    );
  });

  it('finds it from a compiled copy deeper in the tree, and says so when the package lacks it', () => {
    expect(locateBashGrammar(pathToFileURL(path.join(ROOT, '.cache/test-build/src/shell/getBashParser.js')).href)).toBe(
      path.join(ROOT, 'assets/tree-sitter-bash.wasm'),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'agentkit-grammar-'));
    try {
      mkdirSync(path.join(dir, 'dist/shell'), { recursive: true });
      expect(() => locateBashGrammar(pathToFileURL(path.join(dir, 'dist/shell/getBashParser.js')).href)).toThrow(
        /assets\/tree-sitter-bash\.wasm is missing from the package above .*dist\/shell: reinstall agentkit-tools-core\./u,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
