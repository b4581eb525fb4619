import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  ToolConfigurationError,
  type ToolExecutor,
} from '../../src/index.js';
import { shellTools, type ShellToolOptions } from '../../src/shell/index.js';
import { ALLOW_ALL, getShellValue } from './fixtures/createShellHarness.js';

async function createExecutor(agentkitRoots: string[] | undefined, options: ShellToolOptions): Promise<ToolExecutor> {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
  container.load(
    agentkitModule(agentkitRoots === undefined ? {} : { roots: agentkitRoots.map((root) => ({ path: root })) }),
    shellTools(options),
  );
  return container.getAsync(TOOL_EXECUTOR);
}

const request = (input: Record<string, unknown>): Parameters<ToolExecutor['execute']>[0] => ({
  callId: 'c1',
  toolName: 'shell_exec',
  input: input as never,
  sessionId: 's',
  turnId: 't',
  metadata: {},
});

describe(shellTools.name, () => {
  let first: string;
  let second: string;

  beforeAll(async () => {
    first = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-shell-a-')));
    second = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-shell-b-')));
    await mkdir(path.join(first, 'work'));
  });

  afterAll(async () => {
    await rm(first, { recursive: true, force: true });
    await rm(second, { recursive: true, force: true });
  });

  it('registers shell_exec', async () => {
    const executor = await createExecutor([first], {});

    expect(executor.specs().map((spec) => [spec.name, spec.annotations])).toStrictEqual([
      [
        'shell_exec',
        { readOnlyHint: false, destructiveHint: true, idempotentHint: false, supportsStreamingHint: true },
      ],
    ]);
  });

  it("uses the container's workspace without roots of its own", async () => {
    const executor = await createExecutor([first], {});

    expect(getShellValue(await executor.execute(request({ command: 'pwd' }))).stdout).toBe(`${first}\n`);
  });

  it('uses its own roots when given, instead of the container workspace', async () => {
    const executor = await createExecutor([first], { roots: [{ path: second }] });

    expect(getShellValue(await executor.execute(request({ command: 'pwd' }))).stdout).toBe(`${second}\n`);
    expect(await executor.execute(request({ command: 'pwd', cwd: first }))).toMatchObject({
      status: 'failed',
      invoked: false,
      error: { code: 'permission_denied' },
    });
  });

  it('refuses every call when no roots are configured anywhere', async () => {
    const executor = await createExecutor(undefined, {});

    expect(await executor.execute(request({ command: 'pwd' }))).toMatchObject({
      status: 'failed',
      invoked: false,
      error: { code: 'permission_denied', details: { reason: 'no_roots' } },
    });
  });

  it('starts in the configured cwd, and resolves a relative cwd input against it', async () => {
    const executor = await createExecutor([first], { cwd: 'work' });

    expect(getShellValue(await executor.execute(request({ command: 'pwd' }))).stdout).toBe(
      `${path.join(first, 'work')}\n`,
    );
    expect(getShellValue(await executor.execute(request({ command: 'pwd', cwd: '..' }))).stdout).toBe(`${first}\n`);
  });

  it('applies its default timeout', async () => {
    const executor = await createExecutor([first], { timeoutMs: 200, killGraceMs: 100 });

    expect(getShellValue(await executor.execute(request({ command: 'sleep 3' })))).toMatchObject({ timedOut: true });
  });

  it('runs at most maxConcurrent commands at once', async () => {
    const executor = await createExecutor([first], { maxConcurrent: 1 });
    const command = 'date +%s%N; sleep 0.2; date +%s%N';
    const outcomes = await Promise.all([
      executor.execute(request({ command })),
      executor.execute({ ...request({ command }), callId: 'c2' }),
    ]);
    const [a, b] = outcomes
      .map((outcome) => getShellValue(outcome).stdout as string)
      .map((out) => out.trim().split('\n').map(BigInt)) as [bigint[], bigint[]];
    const [aStart, aEnd] = a as [bigint, bigint];
    const [bStart, bEnd] = b as [bigint, bigint];

    expect(aEnd <= bStart || bEnd <= aStart).toBe(true);
  });

  it.each<[string, ShellToolOptions]>([
    ['a timeout above 600 s', { timeoutMs: 600_001 }],
    ['a zero timeout', { timeoutMs: 0 }],
    ['a fractional output cap', { maxOutputBytes: 1.5 }],
    ['zero concurrent calls', { maxConcurrent: 0 }],
    ['an empty cwd', { cwd: '' }],
    ['a bad variable name', { env: { set: { 'A-B': 'x' } } }],
  ])('rejects %s at start-up', (_name, options) => {
    expect(() => shellTools(options)).toThrow(ToolConfigurationError);
  });

  it.each<[string, unknown, string]>([
    [
      'an unknown key',
      { timeout: 5000 },
      'shellTools(options) has an unknown key "timeout". Use only "cwd", "roots", "env", "timeoutMs", "maxOutputBytes", ' +
        '"hardOutputLimitBytes", "maxConcurrent", "killGraceMs", "sandbox", "network", "warmSandbox" (check the spelling).',
    ],
    [
      'an unknown env key',
      { env: { inherits: ['AWS_*'] } },
      'shellTools({ env }) has an unknown key "inherits". Use only "inherit", "set" (check the spelling).',
    ],
    ['an env that is not an object', { env: 'PATH' }, 'shellTools({ env }) must be an object { inherit?, set? }.'],
    [
      'an unknown sandbox mode',
      { sandbox: 'on' },
      'shellTools({ sandbox }) must be "auto", "required", "off" or { mode, readable?, network? }; got "on".',
    ],
    [
      'a sandbox flag',
      { sandbox: true },
      'shellTools({ sandbox }) must be "auto", "required", "off" or { mode, readable?, network? }; got true.',
    ],
    [
      'a network that is not a boolean or a host list',
      { network: 'yes' },
      'shellTools({ network }) must be false, true or { allow: [host patterns] }; got "yes".',
    ],
    [
      'a warmSandbox that is not a boolean',
      { warmSandbox: 'yes' },
      'shellTools({ warmSandbox }) must be a boolean; got "yes".',
    ],
    ['options that are an array', [], 'shellTools(options) takes an options object or nothing.'],
    [
      'an unknown key in a root',
      { roots: [{ path: '/tmp', readonly: true }] },
      'Workspace root "/tmp" has an unknown key "readonly". Use only "path", "mode" (check the spelling).',
    ],
  ])('rejects %s at start-up, naming it', (_name, options, message) => {
    let error: unknown;
    try {
      shellTools(options as ShellToolOptions);
    } catch (thrown: unknown) {
      error = thrown;
    }

    expect(error).toBeInstanceOf(ToolConfigurationError);
    expect((error as Error).message).toBe(message);
  });

  it.each<[string, unknown]>([
    ['sandbox "auto"', { sandbox: 'auto' }],
    ['sandbox "required"', { sandbox: 'required' }],
    ['sandbox "off"', { sandbox: 'off' }],
    ['network true', { network: true }],
    ['network false', { network: false }],
  ])('accepts %s', (_name, options) => {
    expect(() => shellTools(options as ShellToolOptions)).not.toThrow();
  });

  it('rejects missing roots at start-up', () => {
    expect(() => shellTools({ roots: [{ path: path.join(first, 'missing') }] })).toThrow(ToolConfigurationError);
  });
});
