import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, type ToolExecutor, type ToolSpec } from '../../../src/index.js';
import { fileSystemTools } from '../../../src/fs/index.js';
import { mcpServers } from '../../../src/mcp/index.js';
import { shellTools } from '../../../src/shell/index.js';
import { declareTool } from '../../../src/code/declarations/declareTool.js';
import { declareTools } from '../../../src/code/declarations/declareTools.js';
import { createToolServer, fixtureTool, text } from '../../mcp/fixtures/createToolServer.js';
import { typeCheck } from './fixtures/checkTypeScript.js';

/** A remote tool with the schema shapes MCP servers send: $defs recursion, unions, tuples, nullable fields. */
const REMOTE_INPUT = {
  type: 'object' as const,
  properties: {
    query: { type: 'string', description: 'What to search for, e.g. `label:"bug" */`.' },
    filter: { $ref: '#/$defs/filter' },
    range: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }], minItems: 2, items: false },
    'sort-by': { enum: ['created', 'updated'], default: 'created' },
  },
  required: ['query'],
  $defs: {
    filter: {
      description: 'A filter, combinable with and/or.',
      anyOf: [
        {
          type: 'object',
          properties: { field: { type: 'string' }, equals: { type: ['string', 'number', 'null'] } },
          required: ['field'],
        },
        {
          type: 'object',
          properties: { and: { type: 'array', items: { $ref: '#/$defs/filter' } } },
          required: ['and'],
        },
        { type: 'object', properties: { or: { type: 'array', items: { $ref: '#/$defs/filter' } } }, required: ['or'] },
      ],
    },
  },
};
const REMOTE_OUTPUT = {
  type: 'object' as const,
  properties: { hits: { type: 'array', items: { type: 'object', additionalProperties: { type: 'string' } } } },
  required: ['hits'],
};

describe('declarations of the built-in tools', () => {
  let root: string;
  let executor: ToolExecutor;
  let specs: readonly ToolSpec[];

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-decls-')));
    const { server } = createToolServer([
      fixtureTool('search', () => text('[]'), {
        description: 'Searches issues.',
        inputSchema: REMOTE_INPUT,
        outputSchema: REMOTE_OUTPUT,
      }),
    ]);
    const container = new Container();
    container.load(
      agentkitModule({ roots: [{ path: root }] }),
      fileSystemTools(),
      shellTools({ sandbox: 'off' }),
      mcpServers({ servers: [{ id: 'issues', transport: { type: 'in_memory', server } }] }),
    );
    executor = await container.getAsync(TOOL_EXECUTOR);
    specs = executor.specs();
  });

  afterAll(async () => {
    await executor.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds the fs, shell and remote tools, one with an output schema', () => {
    const names = specs.map((spec) => spec.name);
    expect(names).toContain('fs_read_file');
    expect(names).toContain('shell_exec');
    expect(names.filter((name) => name.includes('search'))).toHaveLength(1);
    expect(specs.some((spec) => spec.outputSchema !== undefined)).toBe(true);
  });

  it('declares them all as TypeScript that type-checks, one member each', () => {
    const { text, summarized } = declareTools(specs, { maxChars: 100_000 });
    expect(summarized).toStrictEqual([]);
    expect(typeCheck(text)).toStrictEqual([]);
    const members = text.split('\n').filter((line) => /^ {2}[^ /]/u.test(line) && line.includes('(input: '));
    expect(members.map((line) => line.slice(2, line.indexOf('(input: ')))).toStrictEqual(
      specs.map((spec) => (/^[a-z_]+$/u.test(spec.name) ? spec.name : JSON.stringify(spec.name))),
    );
  });

  it('types calls a script makes as the schemas say', () => {
    const { text } = declareTools(specs, { maxChars: 100_000 });
    const remote = specs.find((spec) => spec.name.includes('search'))?.name ?? '';
    const calls = [
      'async function script() {',
      "  const file = await tools.fs_read_file({ path: 'a.txt', offset: 1 });",
      "  const run = await tools.shell_exec({ command: 'ls' });",
      '  const code: number | null = run.exitCode;',
      `  const found = await tools[${JSON.stringify(remote)}]({ query: 'x', filter: { and: [{ field: 'a', equals: null }, { or: [] }] }, range: [1, 2] });`,
      '  const first: { [key: string]: string } | undefined = found.hits[0];',
      '  return [file, code, first];',
      '}',
    ];
    expect(typeCheck(`${text}\n${calls.join('\n')}`)).toStrictEqual([]);
    const wrong = 'async function wrong() { await tools.fs_read_file({ offset: 1 }); }';
    expect(typeCheck(`${text}\n${wrong}`)).toHaveLength(1);
  });

  it('declares each one alone (what describe shows) as its member in the tools type, unindented', () => {
    for (const spec of specs) {
      const { text } = declareTools([spec], { maxChars: 100_000 });
      expect(typeCheck(text)).toStrictEqual([]);
      const lines = text.split('\n').slice(1, -1);
      const opening = lines.indexOf('declare const tools: {');
      const member = lines.slice(opening + 1).map((line) => line.slice(2));
      expect(declareTool(spec)).toBe([...lines.slice(0, opening), ...member].join('\n'));
    }
  });

  it('stays valid and within budget at every tight budget over the real specs', () => {
    const full = declareTools(specs, { maxChars: 100_000 }).text.length;
    for (const maxChars of [2000, 4000, Math.floor(full / 2), full - 1]) {
      const { text, summarized } = declareTools(specs, { maxChars });
      expect(text.length).toBeLessThanOrEqual(maxChars);
      expect(summarized.length).toBeGreaterThan(0);
      expect(typeCheck(text)).toStrictEqual([]);
    }
  });
});
