import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type JsonObject,
  type JsonValue,
  type ToolExecutor,
  type ToolSpec,
} from '../../src/index.js';
import { fileSystemTools } from '../../src/fs/index.js';
import { mcpServers } from '../../src/mcp/index.js';
import { shellTools } from '../../src/shell/index.js';
import { createToolServer, fixtureTool, text } from '../mcp/fixtures/createToolServer.js';
import { checkSandbox } from '../shell/fixtures/checkSandbox.js';
import { buildNearValidInput, type FieldPools } from './fixtures/buildNearValidInput.js';
import { findOutcomeProblems } from './fixtures/findOutcomeProblems.js';
import { getFuzzRuns, getFuzzTimeout } from './fixtures/fuzzRuns.js';
import { snapshotSentinel } from './fixtures/snapshotSentinel.js';

/**
 * Arbitrary JSON, and near-valid inputs built from each schema, against every built-in tool
 * (the fs tools, `shell_exec` in its sandbox, a remote MCP tool over an in-memory server),
 * through the real executor under a permissive policy (writes inside the root allowed, so
 * they happen). Each run resets the root (with links and a hard link leading out) and makes a
 * few calls; every outcome must be categorized, the executor must never throw, and the
 * sentinel trees next to the root (`outside`, `root_evil`) must not change in any way:
 * entries, content, modes, owners, mtimes.
 */
const NEAR_VALID_RUNS = getFuzzRuns(120);
const ARBITRARY_RUNS = getFuzzRuns(40);

let base: string;
let root: string;
let outside: string;
let evil: string;
let executor: ToolExecutor;
let specs: readonly ToolSpec[];
let pools: FieldPools;
let baseline: unknown;
let calls = 0;
/** The tools that completed at least once: the witness that the fuzzed calls do reach the bodies. */
const completedBy = new Set<string>();

/** The sentinels: everything next to the root. */
function sentinel(): unknown {
  return { base: readdirSync(base).sort(), outside: snapshotSentinel(outside), evil: snapshotSentinel(evil) };
}

/** A fresh root: files, a directory, a link to the outside directory and file, a hard link to an outside file, a git config. */
function resetRoot(): void {
  // Emptied, not replaced: the workspace keeps the root it resolved at start-up.
  for (const name of readdirSync(root)) rmSync(path.join(root, name), { recursive: true, force: true });
  mkdirSync(path.join(root, 'sub'));
  mkdirSync(path.join(root, '.git'));
  writeFileSync(path.join(root, 'notes.txt'), 'alpha\nbeta\n');
  writeFileSync(path.join(root, 'sub', 'deep.txt'), 'deep\n');
  writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
  symlinkSync(outside, path.join(root, 'link-out'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link-file'));
  linkSync(path.join(outside, 'hard.txt'), path.join(root, 'hard.txt'));
}

function buildPools(): FieldPools {
  // The paths inside the root come three times: about half the picks stay inside.
  const inside = ['notes.txt', 'sub', 'sub/deep.txt', 'new.txt', 'newdir/child.txt', '.', 'moved.txt'];
  const paths = [
    ...inside,
    ...inside,
    ...inside,
    '..',
    '.git/config',
    'hard.txt',
    'link-out',
    'link-out/',
    'link-out/secret.txt',
    'link-file',
    'sub/../../outside/secret.txt',
    '../outside',
    '../outside/secret.txt',
    '../root_evil/x.txt',
    outside,
    path.join(outside, 'secret.txt'),
    path.join(outside, 'made.txt'),
    `${root}/../outside/secret.txt`,
    `${root}_evil/x.txt`,
    root,
    '~',
    '*',
    '**',
  ];
  const commands = [
    'ls -la',
    'cat notes.txt',
    'echo hi > out.txt',
    'touch made.txt',
    'rm -rf sub',
    `cat ${outside}/secret.txt`,
    `echo x > ${outside}/secret.txt`,
    `touch ${outside}/made.txt`,
    `rm -rf ${outside}`,
    'rm -rf ../outside',
    'rm -rf link-out/',
    'rm -f link-out/*',
    'touch link-out/made.txt',
    'cp notes.txt link-out/',
    'cp notes.txt hard.txt',
    'echo pwn >> link-file',
    'sed -i s/a/b/ link-file',
    'mv notes.txt ../outside/',
    `chmod 777 ${outside}/secret.txt`,
    `touch -d 2000-01-01 ${outside}/secret.txt`,
    'ln -sf ../outside escape && echo x > escape/made.txt',
    'find link-out/ -delete',
    'cd .. && touch outside/made.txt',
    'tee link-out/made.txt < notes.txt',
  ];
  const argvs = [
    ['ls'],
    ['rm', '-rf', outside],
    ['touch', path.join(outside, 'made.txt')],
    ['cp', 'notes.txt', path.join(outside, 'copied.txt')],
    ['cat', 'link-file'],
    ['rm', '-rf', 'link-out/'],
  ];
  const patterns = [
    '*',
    '**/*',
    '../*',
    '**/secret*',
    'link-out/**',
    '(a|b)+',
    '[',
    '.*',
    'a{1,3}',
    '\\',
    `${outside}/**`,
  ];
  return { paths, commands, argvs, patterns };
}

/** Runs the calls, one after another, and returns what is wrong with them (nothing, when all is well). */
async function runCalls(batch: readonly (readonly [string, JsonValue])[]): Promise<unknown[]> {
  const problems: unknown[] = [];
  for (const [toolName, input] of batch) {
    const request = {
      callId: `fuzz-${++calls}`,
      toolName,
      input,
      sessionId: 'session-1',
      turnId: 'turn-1',
      metadata: {},
    };
    try {
      const outcome = await executor.execute(request, { timeoutMs: 5_000 });
      const found = findOutcomeProblems(outcome);
      if (outcome.status === 'completed') completedBy.add(toolName);
      if (found.length > 0) problems.push({ toolName, input, found });
    } catch (thrown) {
      problems.push({ toolName, input, threw: String(thrown) });
    }
  }
  return problems;
}

describe('every built-in tool under fuzzed input (fast-check, fixed seed)', () => {
  let sandbox: boolean;

  beforeAll(async () => {
    sandbox = await checkSandbox('builtInSchemas.fuzz.test.ts');
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-fuzz-')));
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    evil = path.join(base, 'root_evil');
    mkdirSync(path.join(outside, 'dir'), { recursive: true });
    mkdirSync(evil);
    writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
    chmodSync(path.join(outside, 'secret.txt'), 0o600);
    writeFileSync(path.join(outside, 'hard.txt'), 'shared inode\n');
    writeFileSync(path.join(outside, 'dir', 'inner.txt'), 'inner\n');
    writeFileSync(path.join(evil, 'x.txt'), 'evil twin\n');
    mkdirSync(root);
    resetRoot();
    const server = createToolServer([
      fixtureTool('probe', (args) => text(JSON.stringify(args)), {
        inputSchema: {
          type: 'object',
          properties: {
            path: { type: 'string', maxLength: 200 },
            count: { type: 'integer', minimum: 0, maximum: 10 },
            mode: { type: 'string', enum: ['fast', 'slow'] },
            tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, maxItems: 3 },
            nested: { type: 'object', properties: { flag: { type: 'boolean' } }, required: ['flag'] },
          },
          required: ['path'],
        },
      }),
    ]).server;
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue(
      new PolicyPermissionChecker({
        rules: [
          { effect: 'allow', kind: 'fs.*', pattern: root },
          { effect: 'allow', kind: 'fs.*', pattern: `${root}/**` },
          { effect: 'allow', kind: 'shell.exec' },
          { effect: 'allow', kind: 'mcp.*' },
          { effect: 'allow', kind: 'tool.invoke' },
        ],
        fallback: 'deny',
      }),
    );
    container.load(
      agentkitModule({ roots: [{ path: root }] }),
      fileSystemTools(),
      shellTools({ sandbox: 'required', killGraceMs: 200 }),
      mcpServers({ servers: [{ id: 'mem', transport: { type: 'in_memory', server } }] }),
    );
    executor = await container.getAsync(TOOL_EXECUTOR);
    specs = executor.specs();
    pools = buildPools();
    baseline = sentinel();
  });

  afterAll(async () => {
    await executor.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('covers every built-in: the fs tools, shell_exec and the remote MCP tool', () => {
    expect(specs.map((spec) => spec.name)).toStrictEqual([
      'fs_create_directory',
      'fs_delete',
      'fs_edit_file',
      'fs_glob',
      'fs_grep',
      'fs_list_directory',
      'fs_move',
      'fs_read_file',
      'fs_write_file',
      'mcp_mem_probe',
      'shell_exec',
    ]);
  });

  it(
    'categorizes every outcome of near-valid input and changes nothing outside the root',
    async () => {
      const call = fc.oneof(
        ...[...specs, ...specs.filter((spec) => spec.name === 'shell_exec')].map((spec) => {
          const inputs = buildNearValidInput(spec.inputSchema, pools);
          // shell_exec takes exactly one of command and argv (its schema cannot say so): mostly keep one.
          if (spec.name !== 'shell_exec') return inputs.map((input) => [spec.name, input] as const);
          return fc.tuple(inputs, fc.constantFrom('command', 'argv', 'both')).map(([input, keep]) => {
            const { command, argv, ...rest } = input as JsonObject;
            const kept = {
              ...rest,
              ...(keep !== 'argv' && command !== undefined ? { command } : {}),
              ...(keep !== 'command' && argv !== undefined ? { argv } : {}),
            };
            return [spec.name, kept] as const;
          });
        }),
      );
      // A read, then an edit or overwrite of the same path: the only way past read-before-write.
      const readThenChange = fc
        .tuple(
          fc.constantFrom(
            'notes.txt',
            'sub/deep.txt',
            'hard.txt',
            'link-file',
            '.git/config',
            'link-out/secret.txt',
            '../outside/secret.txt',
          ),
          fc.string({ maxLength: 8 }),
          fc.boolean(),
        )
        .map(([target, content, edit]) => [
          ['fs_read_file', { path: target }] as const,
          edit
            ? (['fs_edit_file', { path: target, oldString: 'alpha', newString: content }] as const)
            : (['fs_write_file', { path: target, content, overwrite: true }] as const),
        ]);
      const step = fc.oneof(
        { weight: 4, arbitrary: call.map((single) => [single]) },
        { weight: 1, arbitrary: readThenChange },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 3 }), async (steps) => {
          resetRoot();
          const problems = await runCalls(steps.flat());

          expect({ problems, sentinel: sentinel() }).toStrictEqual({ problems: [], sentinel: baseline });
        }),
        { numRuns: NEAR_VALID_RUNS },
      );
      // The calls reach the bodies: every built-in completed at least once (shell_exec only where its sandbox runs).
      expect([...completedBy].sort()).toStrictEqual(
        specs.map((spec) => spec.name).filter((name) => sandbox || name !== 'shell_exec'),
      );
    },
    getFuzzTimeout(NEAR_VALID_RUNS, 150),
  );

  it(
    'categorizes every outcome of arbitrary JSON and changes nothing outside the root',
    async () => {
      const call = fc.tuple(
        fc.constantFrom(...specs.map((spec) => spec.name)),
        fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>,
      );
      await fc.assert(
        fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 3 }), async (batch) => {
          const problems = await runCalls(batch);

          expect({ problems, sentinel: sentinel() }).toStrictEqual({ problems: [], sentinel: baseline });
        }),
        { numRuns: ARBITRARY_RUNS },
      );
    },
    getFuzzTimeout(ARBITRARY_RUNS, 20),
  );
});
