import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Container, type ContainerModule } from 'inversify';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileSystemTools, FileSystemPermissionRequest } from '../../src/fs/index.js';
import {
  agentkitModule,
  MODULE_WORKSPACE,
  PATH_CONTAINMENT,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  ToolConfigurationError,
  type ApprovalRequest,
  type JsonValue,
  type PermissionDecision,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { UnionPathContainment } from '../../src/permissions/UnionPathContainment.js';
import { shellTools } from '../../src/shell/index.js';

let base: string;
/** The container's roots (agentkitModule), the fs module's and the shell module's. */
let shared: string;
let fsRoot: string;
let shellRoot: string;
/** Outside every set, and a sibling whose name only starts like a root. */
let outside: string;
let fsRootEvil: string;
let calls = 0;

beforeAll(async () => {
  base = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-module-roots-')));
  [shared, fsRoot, shellRoot, outside, fsRootEvil] = ['shared', 'fs', 'shell', 'outside', 'fs_evil'].map((name) => {
    const dir = path.join(base, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'a.txt'), `${name}\n`);
    return dir;
  }) as [string, string, string, string, string];
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** Every order of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

type ModuleName = 'agentkit' | 'fs' | 'shell';

/** A container with the default checker and the named modules, loaded one by one in `order`. */
function load(order: readonly ModuleName[], modules: Readonly<Record<ModuleName, () => ContainerModule>>): Container {
  const container = new Container();
  for (const name of order) container.load(modules[name]());
  return container;
}

function call(executor: ToolExecutor, toolName: string, input: JsonValue): Promise<ToolExecutionOutcome> {
  return executor.execute({ callId: `roots-${++calls}`, toolName, input, sessionId: 's', turnId: 't', metadata: {} });
}

/** What a test compares: status, and for a failure its code, refusal reason, deny code and `invoked`. */
function summarize(outcome: ToolExecutionOutcome): Record<string, unknown> {
  switch (outcome.status) {
    case 'failed':
      return {
        status: 'failed',
        code: outcome.error.code,
        reason: outcome.error.details['reason'],
        denyCode: outcome.error.details['code'],
        invoked: outcome.invoked,
      };
    case 'interrupted':
      return {
        status: 'interrupted',
        kinds:
          outcome.interruption.type === 'approval_required'
            ? outcome.interruption.approval.requests.map((request) => [request.kind, request.target])
            : [],
      };
    case 'completed':
      return { status: outcome.status };
  }
}

function approvalOf(outcome: ToolExecutionOutcome): ApprovalRequest {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
    throw new Error(`expected an approval, got ${JSON.stringify(outcome)}`);
  return outcome.interruption.approval;
}

function completedValue(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'completed') throw new Error(`expected completed, got ${JSON.stringify(outcome)}`);
  const { output } = outcome.result.result;
  return output.type === 'text' ? output.text : output.type === 'structured' ? output.value : output;
}

/** Runs an approval-needing call, approves exactly what was asked, and returns the approved outcome. */
async function approveAndRun(
  executor: ToolExecutor,
  toolName: string,
  input: JsonValue,
): Promise<ToolExecutionOutcome> {
  const request = { callId: `roots-${++calls}`, toolName, input, sessionId: 's', turnId: 't', metadata: {} };
  const approval = approvalOf(await executor.execute(request));
  return executor.executeApproved(request, approval);
}

const readAt = (target: string, metadata?: Record<string, JsonValue>): FileSystemPermissionRequest =>
  new FileSystemPermissionRequest('fs.read', target, {
    protected: false,
    ...(metadata === undefined ? {} : { facts: metadata }),
  });

function decisionType(decision: PermissionDecision | Promise<PermissionDecision>): string {
  if (decision instanceof Promise) throw new Error('the default checker decides synchronously');
  return decision.type === 'deny' ? `deny ${decision.code}` : decision.type;
}

const CTX = { toolName: 'fs_read_file', callId: 'c', sessionId: 's', turnId: 't' };

describe(agentkitModule.name, () => {
  describe('roots given to built-in modules (one notion of "inside")', () => {
    describe.each(permutations<'agentkit' | 'fs'>(['agentkit', 'fs']))(
      'fileSystemTools({ roots }) with agentkitModule() loaded %s, then %s',
      (...order) => {
        const modules = {
          agentkit: () => agentkitModule(),
          fs: () => fileSystemTools({ roots: [{ path: fsRoot }] }),
          shell: () => shellTools(),
        };

        it("lets the default checker allow a read in the module's roots", async () => {
          const executor = await load(order, modules).getAsync(TOOL_EXECUTOR);

          expect(completedValue(await call(executor, 'fs_read_file', { path: 'a.txt' }))).toBe('fs\n');
        });

        it("asks (rather than denies) before a write in the module's roots, and writes there once approved", async () => {
          const executor = await load(order, modules).getAsync(TOOL_EXECUTOR);
          const target = path.join(fsRoot, `new-${order.join('-')}.txt`);

          expect(summarize(await call(executor, 'fs_write_file', { path: target, content: 'x' }))).toStrictEqual({
            status: 'interrupted',
            kinds: [['fs.write', target]],
          });
          expect(
            completedValue(await approveAndRun(executor, 'fs_write_file', { path: target, content: 'x' })),
          ).toMatchObject({ created: true });
          expect(readFileSync(target, 'utf8')).toBe('x');
        });

        it('still denies a path outside the roots, a look-alike sibling included', async () => {
          const executor = await load(order, modules).getAsync(TOOL_EXECUTOR);

          for (const dir of [outside, fsRootEvil]) {
            expect(summarize(await call(executor, 'fs_read_file', { path: path.join(dir, 'a.txt') }))).toStrictEqual({
              status: 'failed',
              code: 'permission_denied',
              reason: 'outside_roots',
              denyCode: undefined,
              invoked: false,
            });
          }
        });
      },
    );

    describe.each(permutations<'agentkit' | 'shell'>(['agentkit', 'shell']))(
      'shellTools({ cwd }) without roots anywhere, loaded %s, then %s',
      (...order) => {
        const modules = {
          agentkit: () => agentkitModule(),
          fs: () => fileSystemTools(),
          shell: () => shellTools({ cwd: shellRoot }),
        };

        it('makes cwd the workspace root: a command asks, then runs there', async () => {
          const executor = await load(order, modules).getAsync(TOOL_EXECUTOR);

          expect(summarize(await call(executor, 'shell_exec', { command: 'pwd' }))).toStrictEqual({
            status: 'interrupted',
            kinds: [['shell.exec', 'pwd']],
          });
          expect(completedValue(await approveAndRun(executor, 'shell_exec', { command: 'pwd' }))).toMatchObject({
            exitCode: 0,
            stdout: `${shellRoot}\n`,
          });
        });

        it('makes cwd read-write: an approved redirect writes there', async () => {
          const executor = await load(order, modules).getAsync(TOOL_EXECUTOR);
          const name = `out-${order.join('-')}.txt`;

          expect(summarize(await call(executor, 'shell_exec', { command: `echo hi > ${name}` }))).toStrictEqual({
            status: 'interrupted',
            kinds: [
              ['shell.exec', `echo hi > ${name}`],
              ['fs.write', path.join(shellRoot, name)],
            ],
          });
          expect(
            completedValue(await approveAndRun(executor, 'shell_exec', { command: `echo hi > ${name}` })),
          ).toMatchObject({ exitCode: 0 });
          expect(readFileSync(path.join(shellRoot, name), 'utf8')).toBe('hi\n');
        });

        it('keeps everything outside cwd outside', async () => {
          const executor = await load(order, modules).getAsync(TOOL_EXECUTOR);
          const target = path.join(outside, `escape-${order.join('-')}.txt`);

          expect(summarize(await call(executor, 'shell_exec', { command: `echo hi > ${target}` }))).toMatchObject({
            status: 'failed',
            code: 'permission_denied',
            reason: 'outside_roots',
            invoked: false,
          });
          expect(summarize(await call(executor, 'shell_exec', { command: 'pwd', cwd: base }))).toMatchObject({
            status: 'failed',
            code: 'permission_denied',
            reason: 'outside_roots',
            invoked: false,
          });
          expect(existsSync(target)).toBe(false);
        });
      },
    );

    describe.each(permutations<ModuleName>(['agentkit', 'fs', 'shell']))(
      'three sets of roots, loaded %s, %s, then %s',
      (...order) => {
        const modules = {
          agentkit: () => agentkitModule({ roots: [{ path: shared }] }),
          fs: () => fileSystemTools({ roots: [{ path: fsRoot }] }),
          shell: () => shellTools({ roots: [{ path: shellRoot }] }),
        };

        it('checks against their union', () => {
          const checker = load(order, modules).get(PERMISSION_CHECKER);
          const decisions = Object.fromEntries(
            [shared, fsRoot, shellRoot, outside, fsRootEvil].map((dir) => [
              path.basename(dir),
              decisionType(checker.evaluate(readAt(path.join(dir, 'a.txt')), CTX)),
            ]),
          );

          expect(decisions).toStrictEqual({
            shared: 'allow',
            fs: 'allow',
            shell: 'allow',
            outside: 'deny outside_roots',
            fs_evil: 'deny outside_roots',
          });
        });

        it('lets each module act only in its own set', async () => {
          const executor = await load(order, modules).getAsync(TOOL_EXECUTOR);
          const refused = {
            status: 'failed',
            code: 'permission_denied',
            reason: 'outside_roots',
            denyCode: undefined,
            invoked: false,
          };

          expect({
            fsInFs: completedValue(await call(executor, 'fs_read_file', { path: path.join(fsRoot, 'a.txt') })),
            fsInShell: summarize(await call(executor, 'fs_read_file', { path: path.join(shellRoot, 'a.txt') })),
            fsInShared: summarize(await call(executor, 'fs_read_file', { path: path.join(shared, 'a.txt') })),
            shellInFs: summarize(await call(executor, 'shell_exec', { command: 'pwd', cwd: fsRoot })),
            shellRedirectInFs: summarize(
              await call(executor, 'shell_exec', { command: `echo x > ${path.join(fsRoot, 'b.txt')}` }),
            ),
          }).toStrictEqual({
            fsInFs: 'fs\n',
            fsInShell: refused,
            fsInShared: refused,
            shellInFs: refused,
            shellRedirectInFs: refused,
          });
          expect(existsSync(path.join(fsRoot, 'b.txt'))).toBe(false);
        });
      },
    );

    it('lets no request claim "inside" by itself: the checker verifies every path against the roots', () => {
      const container = new Container();
      container.load(agentkitModule(), fileSystemTools({ roots: [{ path: fsRoot }] }));
      const claim = { root: fsRoot, inside: true, insideRoots: true };

      expect(
        decisionType(container.get(PERMISSION_CHECKER).evaluate(readAt(path.join(outside, 'a.txt'), claim), CTX)),
      ).toBe('deny outside_roots');
    });

    it('lets no typed policy subject claim "inside" either: a third-party path subject outside the roots is denied', () => {
      const container = new Container();
      container.load(agentkitModule(), fileSystemTools({ roots: [{ path: fsRoot }] }));
      const target = path.join(outside, 'a.txt');
      const claiming = {
        kind: 'acme.sync',
        target: fsRoot,
        summary: () => `sync ${target}`,
        toJSON: () => ({ kind: 'acme.sync', summary: `sync ${target}`, target: fsRoot }),
        policySubjects: () => ({ paths: [{ path: target, access: 'read' as const, inside: true, root: fsRoot }] }),
      };

      expect(decisionType(container.get(PERMISSION_CHECKER).evaluate(claiming, CTX))).toBe('deny outside_roots');
    });

    it('binds PATH_CONTAINMENT to the union of WORKSPACE and every MODULE_WORKSPACE, and a host may contribute its own', () => {
      const container = new Container();
      container
        .bind(MODULE_WORKSPACE)
        .toConstantValue({ isInsideRoots: (candidate: string) => candidate === path.join(outside, 'granted') });
      container.load(agentkitModule({ roots: [{ path: shared }] }));
      const containment = container.get(PATH_CONTAINMENT);

      expect({
        type: containment instanceof UnionPathContainment,
        shared: containment.isInsideRoots(path.join(shared, 'x')),
        granted: containment.isInsideRoots(path.join(outside, 'granted')),
        other: containment.isInsideRoots(path.join(outside, 'other')),
      }).toStrictEqual({ type: true, shared: true, granted: true, other: false });
    });

    it.each([
      ['a relative cwd', 'work', 'is relative'],
      ['a missing cwd', '/nonexistent-agentkit-dir/work', 'does not exist'],
    ])(
      'rejects %s when no roots are configured anywhere, when the executor is resolved',
      async (_name, cwd, message) => {
        const container = new Container();
        container.load(agentkitModule(), shellTools({ cwd }));
        const error: unknown = await container.getAsync(TOOL_EXECUTOR).then(
          () => undefined,
          (thrown: unknown) => thrown,
        );

        expect(error).toBeInstanceOf(ToolConfigurationError);
        expect((error as Error).message).toContain(message);
      },
    );
  });
});
