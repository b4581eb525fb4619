import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import { mkdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  agentkitModule,
  APPROVAL_STORE,
  BasicToolExecutor,
  CREDENTIAL_STORE,
  DefaultPermissionChecker,
  EXECUTOR_OBSERVER,
  InMemoryApprovalStore,
  InMemoryCredentialStore,
  MapToolResources,
  PERMISSION_CHECKER,
  Tool,
  TOOL_EXECUTOR,
  TOOL_RESOURCES,
  TOOL_SOURCE,
  ToolConfigurationError,
  Workspace,
  WORKSPACE,
  type ExecutorObserver,
  type ToolExecutionOutcome,
  type ToolRequest,
} from '../../src/index.js';
import { NoopExecutorObserver } from '../../src/di/NoopExecutorObserver.js';
import * as tokens from '../../src/di/tokens.js';
import { buildRequest, DenyAllChecker } from './fixtures.js';

@Tool({
  name: 'launch',
  description: 'Launches something; always asks first.',
  annotations: { needsApprovalHint: true },
})
class LaunchTool {
  public invoke(): string {
    return 'launched';
  }
}

function loadedContainer(): Container {
  const container = new Container();
  container.bind(LaunchTool).toSelf();
  container.load(agentkitModule());
  return container;
}

function configurationErrorOf(run: () => unknown): ToolConfigurationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolConfigurationError) return error;
    throw error;
  }
  throw new Error('Expected a ToolConfigurationError');
}

let base: string;
let rootDir: string;
let linkToRoot: string;

beforeAll(async () => {
  base = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-di-')));
  rootDir = path.join(base, 'root');
  linkToRoot = path.join(base, 'link-to-root');
  mkdirSync(rootDir);
  symlinkSync(rootDir, linkToRoot);
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe(agentkitModule.name, () => {
  describe('bindings', () => {
    it('binds every token of tokens.ts except TOOL_SOURCE and MODULE_WORKSPACE, which hosts and modules contribute', () => {
      const container = loadedContainer();
      const bound = Object.entries(tokens)
        .filter(([, token]) => container.isBound(token))
        .map(([name]) => name)
        .sort();
      expect(bound).toStrictEqual([
        'APPROVAL_STORE',
        'CREDENTIAL_STORE',
        'EXECUTOR_OBSERVER',
        'PATH_CONTAINMENT',
        'PERMISSION_CHECKER',
        'TOOL_EXECUTOR',
        'TOOL_RESOURCES',
        'WORKSPACE',
      ]);
    });

    it('leaves TOOL_SOURCE unbound and the executor resolves without sources', async () => {
      const container = loadedContainer();
      const executor = await container.getAsync(TOOL_EXECUTOR);
      expect({ bound: container.isBound(TOOL_SOURCE), names: executor.specs().map((spec) => spec.name) }).toStrictEqual(
        { bound: false, names: ['launch'] },
      );
    });

    it.each([
      ['PERMISSION_CHECKER', PERMISSION_CHECKER, DefaultPermissionChecker],
      ['TOOL_RESOURCES', TOOL_RESOURCES, MapToolResources],
      ['CREDENTIAL_STORE', CREDENTIAL_STORE, InMemoryCredentialStore],
      ['APPROVAL_STORE', APPROVAL_STORE, InMemoryApprovalStore],
      ['EXECUTOR_OBSERVER', EXECUTOR_OBSERVER, NoopExecutorObserver],
      ['WORKSPACE', WORKSPACE, Workspace],
    ] as const)('resolves %s to its default', (_name, token, type) => {
      expect(loadedContainer().get<unknown>(token)).toBeInstanceOf(type);
    });

    it('resolves TOOL_EXECUTOR asynchronously to a BasicToolExecutor', async () => {
      await expect(loadedContainer().getAsync(TOOL_EXECUTOR)).resolves.toBeInstanceOf(BasicToolExecutor);
    });

    it.each([
      ['PERMISSION_CHECKER', PERMISSION_CHECKER],
      ['TOOL_RESOURCES', TOOL_RESOURCES],
      ['CREDENTIAL_STORE', CREDENTIAL_STORE],
      ['APPROVAL_STORE', APPROVAL_STORE],
      ['EXECUTOR_OBSERVER', EXECUTOR_OBSERVER],
      ['WORKSPACE', WORKSPACE],
    ] as const)('binds %s as a singleton', (_name, token) => {
      const container = loadedContainer();
      expect(container.get<unknown>(token)).toBe(container.get<unknown>(token));
    });

    it('binds TOOL_EXECUTOR as a singleton', async () => {
      const container = loadedContainer();
      expect(await container.getAsync(TOOL_EXECUTOR)).toBe(await container.getAsync(TOOL_EXECUTOR));
    });

    it('gives separate containers separate defaults', () => {
      expect(loadedContainer().get(APPROVAL_STORE)).not.toBe(loadedContainer().get(APPROVAL_STORE));
    });

    it('gives the executor the default checker, which asks before a tool marked needsApprovalHint', async () => {
      const executor = await loadedContainer().getAsync(TOOL_EXECUTOR);
      const outcome = await executor.execute(buildRequest('launch'));
      expect(outcome.status).toBe('interrupted');
    });
  });

  describe('host bindings', () => {
    it('keeps a PERMISSION_CHECKER the host bound before loading', () => {
      const checker = new DenyAllChecker();
      const container = new Container();
      container.bind(PERMISSION_CHECKER).toConstantValue(checker);
      container.load(agentkitModule());
      expect(container.get(PERMISSION_CHECKER)).toBe(checker);
    });

    it('runs calls through the checker the host bound before loading', async () => {
      const checker = new DenyAllChecker();
      const container = new Container();
      container.bind(LaunchTool).toSelf();
      container.bind(PERMISSION_CHECKER).toConstantValue(checker);
      container.load(agentkitModule());
      const outcome = await (await container.getAsync(TOOL_EXECUTOR)).execute(buildRequest('launch'));
      expect({ status: outcome.status, asked: checker.asked }).toStrictEqual({
        status: 'failed',
        asked: [{ kind: 'tool.invoke', target: 'launch', toolName: 'launch' }],
      });
    });

    it('keeps a WORKSPACE the host bound before loading', () => {
      const workspace = Workspace.create([{ path: rootDir }]);
      const container = new Container();
      container.bind(WORKSPACE).toConstantValue(workspace);
      container.load(agentkitModule());
      expect(container.get(WORKSPACE)).toBe(workspace);
    });

    it('reports every call to an EXECUTOR_OBSERVER the host bound before loading', async () => {
      const seen: string[] = [];
      const observer: ExecutorObserver = {
        onStart: (request: ToolRequest) => seen.push(`start ${request.toolName}`),
        onEnd: (request: ToolRequest, outcome: ToolExecutionOutcome) =>
          seen.push(`end ${request.toolName} ${outcome.status}`),
      };
      const container = new Container();
      container.bind(LaunchTool).toSelf();
      container.bind(EXECUTOR_OBSERVER).toConstantValue(observer);
      container.load(agentkitModule());
      await (await container.getAsync(TOOL_EXECUTOR)).execute(buildRequest('launch'));
      expect(seen).toStrictEqual(['start launch', 'end launch interrupted']);
    });

    it('replaces the default checker on rebind after loading', () => {
      const checker = new DenyAllChecker();
      const container = loadedContainer();
      container.rebind(PERMISSION_CHECKER).toConstantValue(checker);
      expect(container.get(PERMISSION_CHECKER)).toBe(checker);
    });

    it('makes the executor use the checker rebound after loading', async () => {
      const checker = new DenyAllChecker();
      const container = loadedContainer();
      container.rebind(PERMISSION_CHECKER).toConstantValue(checker);
      const outcome = await (await container.getAsync(TOOL_EXECUTOR)).execute(buildRequest('launch'));
      expect(
        outcome.status === 'failed'
          ? { code: outcome.error.code, details: outcome.error.details, invoked: outcome.invoked }
          : outcome,
      ).toStrictEqual({
        code: 'permission_denied',
        details: {
          code: 'host_policy',
          denied: [
            {
              request: {
                kind: 'tool.invoke',
                summary: 'invoke tool launch',
                target: 'launch',
                metadata: { needsApprovalHint: true },
              },
              code: 'host_policy',
              reason: 'The host forbids every call.',
            },
          ],
        },
        invoked: false,
      });
    });
  });

  describe('options', () => {
    it.each([
      ['defaultTimeoutMs', { defaultTimeoutMs: 0 }, 'got 0'],
      ['defaultTimeoutMs', { defaultTimeoutMs: -5 }, 'got -5'],
      ['approvalTtlMs', { approvalTtlMs: 0 }, 'got 0'],
      ['maxNestingDepth', { maxNestingDepth: 1.5 }, 'got 1.5'],
      ['maxNestingDepth', { maxNestingDepth: -1 }, 'got -1'],
      ['maxNestingDepth', { maxNestingDepth: 65 }, 'got 65'],
    ])('rejects a bad %s (%j) when called, naming it and the value', (name, options, got) => {
      const error = configurationErrorOf(() => agentkitModule(options));
      expect(error.message).toMatch(
        new RegExp(`^agentkitModule\\(\\{ ${name} \\}\\) must be .+; ${got}\\. Omit it for the default\\.$`),
      );
    });

    it('rejects a defaultTimeoutMs of NaN', () => {
      const error = configurationErrorOf(() => agentkitModule({ defaultTimeoutMs: Number.NaN }));
      expect(error.message).toMatch(
        /^agentkitModule\(\{ defaultTimeoutMs \}\) must be a number from 1 to \d+; got NaN\. /,
      );
    });

    it('rejects a defaultTimeoutMs that is not a number', () => {
      expect(() => agentkitModule({ defaultTimeoutMs: '1000' as unknown as number })).toThrow(ToolConfigurationError);
    });

    it('accepts the edges of the ranges', () => {
      expect(() => agentkitModule({ defaultTimeoutMs: 1, approvalTtlMs: 1, maxNestingDepth: 0 })).not.toThrow();
    });

    it.each([
      ['root', { root: '/tmp' }],
      ['timeoutMs', { timeoutMs: 1000 }],
      ['approvalTTLMs', { approvalTTLMs: undefined }],
    ])('rejects the unknown key %s, naming it and the known ones', (key, options) => {
      const error = configurationErrorOf(() => agentkitModule(options as never));
      expect(error.message).toBe(
        `agentkitModule(options) has an unknown key "${key}". Use only "roots", "defaultTimeoutMs", "approvalTtlMs", "maxNestingDepth", "tracing" (check the spelling).`,
      );
    });

    it('rejects options that are an array', () => {
      expect(configurationErrorOf(() => agentkitModule([] as never)).message).toBe(
        'agentkitModule(options) takes an options object or nothing.',
      );
    });

    it('rejects an unknown key in a root, so a misspelled mode never leaves a root writable', () => {
      const error = configurationErrorOf(() => agentkitModule({ roots: [{ path: rootDir, readOnly: true } as never] }));
      expect(error.message).toBe(
        `Workspace root ${JSON.stringify(rootDir)} has an unknown key "readOnly". Use only "path", "mode" (check the spelling).`,
      );
    });

    it('rejects roots that are not an array', () => {
      const error = configurationErrorOf(() => agentkitModule({ roots: { path: rootDir } as never }));
      expect(error.message).toBe('agentkitModule({ roots }) must be an array of { path, mode? }.');
    });

    it('rejects a root that does not exist when called, naming the path', () => {
      const missing = path.join(base, 'missing');
      const error = configurationErrorOf(() => agentkitModule({ roots: [{ path: missing }] }));
      expect(error.message).toContain(JSON.stringify(missing));
    });

    it('rejects a relative root when called', () => {
      expect(() => agentkitModule({ roots: [{ path: 'relative/dir' }] })).toThrow(ToolConfigurationError);
    });

    it('binds WORKSPACE to the realpathed roots', () => {
      const container = new Container();
      container.load(agentkitModule({ roots: [{ path: linkToRoot }, { path: base, mode: 'read_only' }] }));
      expect(container.get(WORKSPACE).roots).toStrictEqual([
        { path: rootDir, mode: 'read_write' },
        { path: base, mode: 'read_only' },
      ]);
    });

    it('binds an empty WORKSPACE without roots', () => {
      const container = new Container();
      container.load(agentkitModule());
      expect(container.get(WORKSPACE).roots).toStrictEqual([]);
    });

    it('gives the default checker the configured roots', async () => {
      const container = new Container();
      container.load(agentkitModule({ roots: [{ path: rootDir }] }));
      const checker = container.get(PERMISSION_CHECKER);
      const read = (target: string): Promise<unknown> =>
        Promise.resolve(
          checker.evaluate(
            {
              kind: 'fs.read',
              target,
              summary: () => `read ${target}`,
              toJSON: () => ({ kind: 'fs.read', summary: `read ${target}`, target }),
              policySubjects: () => ({ paths: [{ path: target, access: 'read' }] }),
            },
            { toolName: 'fs_read_file', callId: 'c', sessionId: 's', turnId: 't' },
          ),
        );
      expect({
        inside: ((await read(path.join(rootDir, 'a.txt'))) as { type: string }).type,
        outside: ((await read(path.join(base, 'b.txt'))) as { type: string }).type,
      }).toStrictEqual({ inside: 'allow', outside: 'deny' });
    });
  });
});
