import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { realpathSync, symlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  ToolConfigurationError,
  Workspace,
} from '../../src/index.js';
import { buildShellToolConfig } from '../../src/shell/config/buildShellToolConfig.js';
import { shellTools, type ShellToolOptions } from '../../src/shell/index.js';
import { compiledScript } from '../fixtures/compiledScript.js';
import { ALLOW_ALL } from './fixtures/createShellHarness.js';

function load(options: ShellToolOptions, roots: readonly string[] = []): Container {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
  container.load(agentkitModule({ roots: roots.map((root) => ({ path: root })) }), shellTools(options));
  return container;
}

function getConfigError(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    if (error instanceof ToolConfigurationError) return error.message;
    throw error;
  }
  throw new Error('no ToolConfigurationError');
}

describe(`${shellTools.name}({ sandbox })`, () => {
  let root: string;
  let outside: string;

  beforeAll(async () => {
    root = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-sandbox-options-')));
    outside = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-sandbox-readable-')));
    await mkdir(path.join(root, 'inner'));
    symlinkSync(outside, path.join(root, 'link-out'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  describe('checks the object form at start-up', () => {
    it.each([
      [
        'a mode it does not know',
        { mode: 'strict' },
        'shellTools({ sandbox: { mode } }) must be "auto", "required" or "off"; got "strict".',
      ],
      [
        'a missing mode',
        { readable: [] },
        'shellTools({ sandbox: { mode } }) must be "auto", "required" or "off"; got undefined.',
      ],
      [
        'a readable that is no list',
        { mode: 'auto', readable: '/opt' },
        'shellTools({ sandbox: { readable } }) must be an array of absolute paths; got "/opt".',
      ],
      [
        'a network that is no boolean or host list',
        { mode: 'auto', network: 'yes' },
        'shellTools({ sandbox: { network } }) must be false, true or { allow: [host patterns] }; got "yes".',
      ],
      [
        'a relative readable path',
        { mode: 'auto', readable: ['opt/tools'] },
        'shellTools({ sandbox: { readable } }): "opt/tools" is not an absolute path.',
      ],
      [
        'a missing readable path',
        { mode: 'auto', readable: ['/nonexistent/agentkit'] },
        '"/nonexistent/agentkit" cannot be resolved (ENOENT): it must exist when shellTools() starts.',
      ],
      ['the whole filesystem', { mode: 'auto', readable: ['/'] }, '"/" is the whole filesystem.'],
    ])('refuses %s', (_name, sandbox, message) => {
      expect(getConfigError(() => shellTools({ sandbox } as unknown as ShellToolOptions))).toContain(message);
    });

    it('refuses an unknown key, naming it', () => {
      expect(
        getConfigError(() =>
          shellTools({ sandbox: { mode: 'auto', readabel: ['/usr'] } } as unknown as ShellToolOptions),
        ),
      ).toContain('readabel');
    });

    it('refuses network given both ways', () => {
      expect(getConfigError(() => shellTools({ sandbox: { mode: 'auto', network: true }, network: false }))).toContain(
        'give it once',
      );
    });

    it.each([
      ['the root itself', (): string => root],
      ['a path inside it', (): string => path.join(root, 'inner')],
    ])('refuses %s as readable (its own roots)', (_name, build) => {
      const message = getConfigError(() =>
        shellTools({ roots: [{ path: root }], sandbox: { mode: 'auto', readable: [build()] } }),
      );

      expect(message).toContain(
        `is inside the workspace root ${root}, which sandboxed commands already see (read_write)`,
      );
    });

    it("refuses a readable path inside the container's roots when the executor is created", async () => {
      const container = load({ sandbox: { mode: 'auto', readable: [path.join(root, 'inner')] } }, [root]);

      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(`is inside the workspace root ${root}`);
    });

    it('resolves a readable path to its real path (a link inside a root that leads out is fine)', () => {
      const config = buildShellToolConfig(
        { sandbox: { mode: 'required', readable: [path.join(root, 'link-out'), outside] } },
        Workspace.create([{ path: root }]),
      );

      expect([config.sandbox, config.readable, config.network]).toStrictEqual(['required', [outside], false]);
    });

    it('keeps the old top-level network option, and takes network from the object form', () => {
      const workspace = Workspace.create([{ path: root }]);

      expect(buildShellToolConfig({ sandbox: 'required', network: true }, workspace).network).toBe(true);
      expect(buildShellToolConfig({ sandbox: { mode: 'required', network: true } }, workspace).network).toBe(true);
      expect(buildShellToolConfig({ sandbox: { mode: 'off' } }, workspace).sandbox).toBe('off');
    });
  });

  describe("sandbox: 'auto' where bubblewrap does not work", () => {
    it('tells the observer and the log once at start-up, and every shell.exec request says sandboxed: false', async () => {
      const script = await compiledScript(fileURLToPath(new URL('fixtures/startUnconfined.ts', import.meta.url)));
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, root], { cwd: root });
      const notice =
        "shell_exec runs commands without the OS sandbox: sandbox is 'auto' and /nonexistent/agentkit-bwrap cannot create the namespaces it needs here.";

      expect(JSON.parse(stdout)).toMatchObject({
        stdout: ['ran\n', 'ran\n'],
        heard: [['shell sandbox', { code: 'unavailable', reason: 'sandbox_unavailable' }]],
        warnings: [{ code: 'AGENTKIT_SHELL_UNCONFINED', message: expect.stringContaining(notice) }],
        requests: [
          ['shell.exec', false],
          ['shell.exec', false],
        ],
      });
      expect(stderr.split(notice).length - 1).toBe(1);
    }, 30_000);
  });
});
