import { describe, expect, it } from '@jest/globals';
import { declareTool } from '../../../src/code/declarations/declareTool.js';
import { buildSpec } from './fixtures/buildSpec.js';
import { typeCheck } from './fixtures/checkTypeScript.js';

/** `text` (with one-line aliases) as the script sees it: the aliases at the top, the member inside the `tools` type. */
function inTools(text: string): string {
  const lines = text.split('\n');
  const aliasLines = lines.filter((line) => line.startsWith('type '));
  const memberLines = lines.filter((line) => !line.startsWith('type '));
  return `${aliasLines.join('\n')}\ndeclare const tools: {\n${memberLines.join('\n')}\n};`;
}

describe(declareTool.name, () => {
  it('declares a method with its description as JSDoc, the input inline and Promise<unknown> without an output schema', () => {
    expect(
      declareTool(
        buildSpec('fs_read', '  Reads a file.\n\n  Returns its lines. ', {
          type: 'object',
          properties: { path: { type: 'string' }, offset: { type: 'integer' } },
          required: ['path'],
        }),
      ),
    ).toBe(
      '/** Reads a file. Returns its lines. */\nfs_read(input: { path: string; offset?: number }): Promise<unknown>;',
    );
  });

  it('returns Promise<Output> from the output schema', () => {
    expect(
      declareTool(
        buildSpec(
          'count',
          'Counts.',
          { type: 'object', properties: {} },
          { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        ),
      ),
    ).toBe('/** Counts. */\ncount(input: { [key: string]: unknown }): Promise<{ n: number }>;');
  });

  it('quotes a name that is not an identifier', () => {
    expect(declareTool(buildSpec('github.search-issues', 'Searches.'))).toBe(
      '/** Searches. */\n"github.search-issues"(input: { [key: string]: unknown }): Promise<unknown>;',
    );
  });

  it('leaves the JSDoc out for an empty description and keeps a hostile one inside its comment', () => {
    expect(declareTool(buildSpec('a', ' \n '))).toBe('a(input: { [key: string]: unknown }): Promise<unknown>;');
    const text = declareTool(buildSpec('b', 'Does */ }; evil(); /* things\n`rm -rf`'));
    expect(text).toBe(
      '/** Does *\\/ }; evil(); /* things `rm -rf` */\nb(input: { [key: string]: unknown }): Promise<unknown>;',
    );
    expect(typeCheck(`declare const tools: {\n${text}\n};`)).toStrictEqual([]);
  });

  it('puts the aliases of input and output before the member, named after the tool, without clashes', () => {
    const node = { type: 'object', properties: { next: { $ref: '#/$defs/node' } } };
    const text = declareTool(
      buildSpec(
        'list.walk',
        'Walks a list.',
        { type: 'object', properties: { head: { $ref: '#/$defs/node' } }, $defs: { node } },
        { $ref: '#/$defs/node', $defs: { node } },
      ),
    );
    expect(text).toBe(
      [
        'type ListWalk_Node = { next?: ListWalk_Node };',
        'type ListWalk_Node2 = { next?: ListWalk_Node2 };',
        '/** Walks a list. */',
        '"list.walk"(input: { head?: ListWalk_Node }): Promise<ListWalk_Node2>;',
      ].join('\n'),
    );
    expect(typeCheck(inTools(text))).toStrictEqual([]);
  });
});
