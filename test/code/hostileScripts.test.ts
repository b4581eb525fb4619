import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolExecutor } from '../../src/index.js';
import {
  assertCompleted,
  codeRequest,
  completedWith,
  HOSTILE_LIMITS,
  createHostileExecutor,
  endingOf,
  expectHostState,
  readHostState,
  resetToolRuns,
  toolRuns,
  type Ending,
  type HostState,
} from './fixtures/hostileHarness.js';

/**
 * Hostile scripts through a real executor's `code_run` (QuickJS isolate, limits of 2 s, 32 MiB
 * and 20 tool calls; see HOSTILE_LIMITS): each ends categorized within its limits, and after
 * each the host is checked unharmed: a plain script still runs in the same executor, the
 * process's globals, prototypes and intrinsics are the ones it had, and nothing appeared in a
 * temporary directory the scripts name.
 */
let executor: ToolExecutor;
let host: HostState;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agentkit-hostile-'));
  executor = await createHostileExecutor();
  // The first script compiles QuickJS's WebAssembly (once per process); the host's state is read after it.
  assertCompleted(endingOf(await executor.execute(codeRequest('return 1;'))), 1);
  host = readHostState();
});

afterAll(async () => {
  await executor.close();
  const left = readdirSync(dir);
  rmSync(dir, { recursive: true, force: true });
  if (left.length > 0) throw new Error(`scripts left files in the temp dir: ${left.join(', ')}`);
});

interface Run {
  readonly ending: Ending;
  /** How many times each tool's body ran for the script. */
  readonly ran: { readonly echo: number; readonly count: number };
  readonly ms: number;
}

/** Runs `code`, then checks the host unharmed (a plain script still runs; globals unchanged; the temp dir empty). */
async function run(code: string): Promise<Run> {
  resetToolRuns();
  const started = performance.now();
  const ending = endingOf(await executor.execute(codeRequest(code)));
  const ms = performance.now() - started;
  const ran = { ...toolRuns };
  resetToolRuns();
  const plain = endingOf(await executor.execute(codeRequest('return await tools.echo({ value: "still here" });')));
  expect(plain).toStrictEqual(completedWith({ value: 'still here' }, 1));
  expectHostState(host);
  expect(readdirSync(dir)).toStrictEqual([]);
  return { ending, ran, ms };
}

/** A failed ending; `message` may be an asymmetric matcher. */
function failed(code: string, reason: string, message: string, details: Record<string, unknown> = {}): Ending {
  return { status: 'failed', code, reason, message, details: { reason, ...details } };
}

const NONE = { echo: 0, count: 0 };
/** A test whose script runs into its 2 s time limit (and then runs a plain one), with room for a busy machine. */
const TIME_LIMIT_TEST_MS = 20_000;
const TIMEOUT = failed(
  'interrupted',
  'timeout',
  // The executor's own deadline ends the call; the isolate's worker is stopped just after.
  'Tool `code_run` timed out after 2000 ms and was stopped. Try a smaller task or a longer timeout.',
  { timeoutMs: 2000 },
);
const MEMORY = failed(
  'execution_failed',
  'memory_limit',
  'The script ran out of memory (its isolate has a fixed limit); nothing more of it ran. Work on less data at once.',
);
const STACK = failed(
  'execution_failed',
  'stack_overflow',
  'The script recursed too deeply (stack overflow) and did not catch it. Use a loop instead of deep recursion.',
);
const notJson = (why: string): Ending =>
  failed(
    'execution_failed',
    'result_not_json',
    `The script returned a value that is not JSON (${why}). Return plain data: objects, arrays, strings, numbers, booleans or null.`,
  );
const tooLarge = (chars: number): Ending =>
  failed(
    'execution_failed',
    'result_too_large',
    `The script returned ${chars} characters of JSON, more than the 262144 allowed. Return less (a summary, or the part that matters).`,
  );
const threw = (name: string, message: string, at: string): Ending =>
  failed('execution_failed', 'script_threw', `The script threw ${name}: ${message} (${at})`, {
    error: { name, message },
  });
const STALLED = failed(
  'execution_failed',
  'stalled',
  'The script was stopped: the script is waiting for something that can never happen (a promise nothing settles); await only tool calls and promises of your own that settle.',
);
const CALL_LIMIT = failed(
  'execution_failed',
  'tool_call_limit',
  'The script was stopped: the script made more than 20 tool calls; make fewer calls per script (batch work into fewer calls, or split the task over several scripts).',
);
const UNKNOWN_TOOL = (name: string): string =>
  `tools.${name} is not a tool this script may call. Callable: count, echo.`;

describe('code_run against hostile scripts', () => {
  describe('endless loops', () => {
    it.each([
      ['join', 'const big = new Array(200000).fill("abc"); for (;;) big.join(",");'],
      ['JSON.stringify', 'const big = new Array(200000).fill("abc"); for (;;) JSON.stringify(big);'],
      ['sort with a comparator', 'const big = new Array(200000).fill(3); for (;;) big.sort((a, b) => a - b);'],
    ])(
      'stops a loop of long built-in calls (%s) at its time limit, and the host thread runs meanwhile',
      async (_name, code) => {
        // QuickJS checks its deadline only every 10,000 steps: one step here takes milliseconds,
        // so only ending the script's worker can stop it in time; the host's thread is never held.
        let ticks = 0;
        const ticking = setInterval(() => (ticks += 1), 100);
        try {
          const { ending, ran } = await run(code);
          expect({ ending, ran }).toStrictEqual({ ending: TIMEOUT, ran: NONE });
        } finally {
          clearInterval(ticking);
        }
        expect(ticks).toBeGreaterThanOrEqual(5);
      },
      TIME_LIMIT_TEST_MS,
    );

    it(
      'stops `while (true) {}` at its time limit',
      async () => {
        const { ending, ran, ms } = await run('while (true) {}');
        expect({ ending, ran }).toStrictEqual({ ending: TIMEOUT, ran: NONE });
        expect(ms).toBeGreaterThanOrEqual(1900);
      },
      TIME_LIMIT_TEST_MS,
    );

    it(
      'stops a loop that catches the interrupt: no catch or finally of the script runs after it',
      async () => {
        const code =
          'for (;;) { try { while (true) {} } catch { await tools.count({}); } finally { await tools.count({}); } }';
        expect(await run(code)).toMatchObject({ ending: TIMEOUT, ran: NONE });
      },
      TIME_LIMIT_TEST_MS,
    );

    it(
      'stops a loop that only ever awaits resolved promises of its own',
      async () => {
        expect(await run('for (;;) { await null; await Promise.resolve(1); }')).toMatchObject({
          ending: TIMEOUT,
          ran: NONE,
        });
      },
      TIME_LIMIT_TEST_MS,
    );

    it("takes a script's own `throw new InternalError('interrupted')` for its throw, not a timeout", async () => {
      const { ending } = await run("throw new InternalError('interrupted');");
      expect(ending).toStrictEqual(threw('InternalError', 'interrupted', 'at anonymous (<input>:1:24)'));
    });
  });

  describe('memory bombs', () => {
    it('ends an array of arrays at the memory limit', async () => {
      const code = 'const all = []; for (;;) all.push(new Array(100000).fill(1));';
      expect(await run(code)).toMatchObject({ ending: MEMORY, ran: NONE });
    });

    it('ends a string doubled into one flat string at the memory limit', async () => {
      expect(await run('let s = "x"; for (;;) s = [s, s].join("");')).toMatchObject({ ending: MEMORY });
    });

    it("ends a string doubled by concatenation at the engine's string length limit, as the script's throw", async () => {
      // Concatenations share their halves (ropes): the length limit comes before the memory limit.
      expect(await run('let s = "x"; for (;;) s = s + s;')).toMatchObject({
        ending: threw('InternalError', 'string too long', 'at anonymous (<input>:1:29)'),
      });
    });

    it('ends `new ArrayBuffer(1 << 30)` at the memory limit', async () => {
      expect(await run('const buffer = new ArrayBuffer(1 << 30); return buffer.byteLength;')).toMatchObject({
        ending: MEMORY,
      });
    });

    it('lets a script catch running out of memory and go on', async () => {
      const code =
        'try { new ArrayBuffer(1 << 30); } catch (e) { return [e.name, e.message, await tools.echo({ value: 1 })]; }';
      expect(await run(code)).toMatchObject({
        ending: completedWith(['InternalError', 'out of memory', { value: 1 }], 1),
        ran: { echo: 1, count: 0 },
      });
    });

    it(
      'stops a script that catches running out of memory and retries, at its time limit',
      async () => {
        const code =
          'const all = []; for (;;) { try { for (;;) all.push(new Array(100000).fill(1)); } catch { all.length = 0; } }';
        // No bound on the time taken: the engine checks its deadline every 10,000 bytecode steps,
        // and steps that allocate near the memory limit are slow, so this one ends seconds late
        // on a busy machine (see the hand-off notes on native-heavy loops).
        expect((await run(code)).ending).toStrictEqual(TIMEOUT);
      },
      TIME_LIMIT_TEST_MS,
    );
  });

  describe('deep recursion', () => {
    it('ends an uncaught one stack_overflow', async () => {
      expect(await run('function down(n) { return down(n + 1) + 1; } return down(0);')).toMatchObject({
        ending: STACK,
      });
    });

    it('lets a script catch one and go on', async () => {
      const code =
        'function down(n) { return down(n + 1) + 1; } try { down(0); } catch (e) { return [e.name, e.message]; }';
      expect((await run(code)).ending).toStrictEqual(completedWith(['InternalError', 'stack overflow']));
    });

    it('ends one through a getter JSON.stringify reads result_not_json (stack overflow)', async () => {
      const code = 'const o = { get deep() { return { deep: o.deep }; } }; return o;';
      expect((await run(code)).ending).toStrictEqual(notJson('stack overflow'));
    });
  });

  describe('huge values', () => {
    it('refuses a huge result (result_too_large)', async () => {
      expect((await run('return "x".repeat(300000);')).ending).toStrictEqual(tooLarge(300002));
    });

    it('refuses a result of millions of characters the same way (its engine asserts when freed; the host is not told)', async () => {
      expect((await run('return "m".repeat(3000000);')).ending).toStrictEqual(tooLarge(3000002));
    });

    it('refuses a huge value a toJSON returns', async () => {
      expect((await run('return { toJSON() { return "z".repeat(300000); } };')).ending).toStrictEqual(tooLarge(300002));
    });

    it('keeps console lines up to maxConsoleChars and counts the cut ones', async () => {
      const code = 'for (let i = 0; i < 2000; i++) console.log(String(i).padStart(4, "0") + "y".repeat(60)); return 1;';
      const { ending } = await run(code);
      const lines = Array.from({ length: 256 }, (_, i) => `${String(i).padStart(4, '0')}${'y'.repeat(60)}`);
      expect(ending).toStrictEqual(completedWith(1, 0, lines, 1744));
    });

    it('cuts one huge console line', async () => {
      const { ending } = await run('console.log("l".repeat(5000000)); console.log("after"); return 1;');
      expect(ending).toStrictEqual(completedWith(1, 0, [`${'l'.repeat(16384)}… [cut]`], 2));
    });

    it("cuts a huge thrown message to the isolate's bound", async () => {
      const { ending } = await run('throw new Error("m".repeat(5000000));');
      const message = `${'m'.repeat(4000)}… [4996000 more characters cut]`;
      expect(ending).toStrictEqual(threw('Error', message, 'at anonymous (<input>:1:16)'));
    });

    it('cuts a huge reason a result is not JSON', async () => {
      const { ending } = await run('return { toJSON() { throw new Error("m".repeat(5000000)); } };');
      expect(ending).toStrictEqual(notJson(`${'m'.repeat(4000)}… [4996000 more characters cut]`));
    });

    it("refuses a tool input past the tool's own limit before it runs (too_large, caught in the script)", async () => {
      const code =
        'try { await tools.echo({ value: "x".repeat(2 * 1024 * 1024) }); } catch (e) { return [e.name, e.code, e.reason, e.tool]; }';
      expect(await run(code)).toMatchObject({
        ending: completedWith(['ToolCallError', 'invalid_input', 'too_large', 'echo'], 1),
        ran: NONE,
      });
    });

    it("refuses a tool input past the bridge's limit before it reaches the executor (call_input_too_large)", async () => {
      // 9 MiB of JSON, made and copied out, needs more than 32 MiB: an executor of its own, with 96.
      const roomy = await createHostileExecutor({ ...HOSTILE_LIMITS, memoryBytes: 96 * 1024 * 1024 });
      try {
        resetToolRuns();
        const code =
          'try { await tools.echo({ value: "x".repeat(9 * 1024 * 1024) }); } catch (e) { return [e.name, e.code, e.reason, e.message]; }';
        expect(endingOf(await roomy.execute(codeRequest(code)))).toStrictEqual(
          completedWith(
            [
              'ToolCallError',
              'invalid_input',
              'call_input_too_large',
              'the input given to tools.echo is 9437196 characters of JSON, more than the 8388608 a call may take.',
            ],
            1,
          ),
        );
        expect(toolRuns).toStrictEqual(NONE);
      } finally {
        await roomy.close();
      }
    });
  });

  describe('prototype tricks against the bridge', () => {
    it('calls tools and returns with JSON.stringify and JSON.parse replaced', async () => {
      const code = `
        JSON.stringify = () => '{"forged":true}';
        JSON.parse = () => ({ ok: true, value: 'forged' });
        const answer = await tools.echo({ value: [1, 'two'] });
        console.log({ logged: 1 });
        return { answer };`;
      expect(await run(code)).toMatchObject({
        ending: completedWith({ answer: { value: [1, 'two'] } }, 1, ['{"logged":1}']),
        ran: { echo: 1, count: 0 },
      });
    });

    it('calls tools with JSON.stringify throwing', async () => {
      const code = 'JSON.stringify = () => { throw new Error("no"); }; return await tools.echo({ value: 2 });';
      expect((await run(code)).ending).toStrictEqual(completedWith({ value: 2 }, 1));
    });

    it('calls tools and returns with Promise.prototype.then replaced', async () => {
      const code = `
        Promise.prototype.then = function () { return 'pwned'; };
        const answer = await tools.echo({ value: 'a' });
        return [answer, await tools.count({})];`;
      expect(await run(code)).toMatchObject({
        ending: completedWith([{ value: 'a' }, { n: 1 }], 2),
        ran: { echo: 1, count: 1 },
      });
    });

    it('gives a tool the value an Object.prototype.toJSON makes (the script asked for it), refused by the tool, caught', async () => {
      const code = `
        Object.prototype.toJSON = function () { return 'hijack'; };
        try { await tools.echo({ value: 1 }); } catch (e) { console.log(e.name, e.code); }
        return 'done';`;
      expect(await run(code)).toMatchObject({
        ending: completedWith('done', 1, ['ToolCallError invalid_input']),
        ran: NONE,
      });
    });

    it('describes an uncaught throw when Object.prototype.toJSON throws (it ended stalled)', async () => {
      const code = 'Object.prototype.toJSON = function () { throw new Error("tj"); }; throw new Error("boom");';
      expect((await run(code)).ending).toStrictEqual(threw('Error', 'boom', 'at anonymous (<input>:1:82)'));
    });

    it('describes an uncaught ToolCallError when Object.prototype.toJSON answers something else', async () => {
      const code = 'Object.prototype.toJSON = function () { return "hijack"; }; await tools["no_such"]({});';
      expect((await run(code)).ending).toStrictEqual(
        failed(
          'execution_failed',
          'script_threw',
          `The script did not catch a failed call of tools.no_such: [not_found] ${UNKNOWN_TOOL('no_such')}`,
          { error: { name: 'ToolCallError', message: UNKNOWN_TOOL('no_such'), code: 'not_found', tool: 'no_such' } },
        ),
      );
    });

    it('reads answers by their own keys only, whatever getters Object.prototype has', async () => {
      const code = `
        for (const key of ['ok', 'value', 'error', 'code', 'message']) {
          Object.defineProperty(Object.prototype, key, { __proto__: null, get() { return true; }, configurable: true });
        }
        const good = await tools.echo({ value: 3 });
        try { await tools.nope({}); } catch (e) { return [good, e.name, e.code === 'not_found']; }`;
      expect((await run(code)).ending).toStrictEqual(completedWith([{ value: 3 }, 'ToolCallError', true], 2));
    });

    it('logs and calls with Array.prototype.join, map and String.prototype.toJSON replaced', async () => {
      const code = `
        Array.prototype.join = () => { throw new Error('join'); };
        Array.prototype.map = () => { throw new Error('map'); };
        String.prototype.toJSON = () => 'hijack';
        console.log('a', 1, { b: 2 });
        return await tools.echo({ value: [1, 2] });`;
      expect((await run(code)).ending).toStrictEqual(completedWith({ value: [1, 2] }, 1, ['a 1 {"b":2}']));
    });

    it('keeps the bridge when Error.prototype and Object.prototype are frozen', async () => {
      const code = `
        Object.freeze(Object.prototype); Object.freeze(Error.prototype); Object.freeze(Promise.prototype);
        const good = await tools.echo({ value: 'f' });
        try { await tools.nope({}); } catch (e) { return [good, e.name]; }`;
      expect((await run(code)).ending).toStrictEqual(completedWith([{ value: 'f' }, 'ToolCallError'], 2));
    });

    it('ends a result whose toJSON throws result_not_json', async () => {
      expect((await run('return { toJSON() { throw new Error("nope"); } };')).ending).toStrictEqual(notJson('nope'));
    });

    it("ends a tool input whose toJSON throws as the script's throw, before any call", async () => {
      const code = 'return await tools.echo({ value: { toJSON() { throw new Error("nope"); } } });';
      expect(await run(code)).toMatchObject({
        ending: {
          status: 'failed',
          code: 'execution_failed',
          reason: 'script_threw',
          details: { error: { name: 'Error', message: 'nope' } },
        },
        ran: NONE,
      });
    });
  });

  describe('thenables and odd values', () => {
    it('adopts a returned thenable', async () => {
      expect((await run('return { then(resolve) { resolve(5); } };')).ending).toStrictEqual(completedWith(5));
    });

    it('ends a returned thenable that never settles stalled', async () => {
      expect((await run('return { then() {} };')).ending).toStrictEqual(STALLED);
    });

    it("ends a returned thenable that throws as the script's throw", async () => {
      expect((await run('return { then() { throw new Error("t"); } };')).ending).toStrictEqual(
        threw('Error', 't', 'at then (<input>:1:34)'),
      );
    });

    it('passes a thenable as tool input as the JSON it is (its function dropped)', async () => {
      const code = 'return await tools.echo({ value: { then(resolve) { resolve(5); }, n: 1 } });';
      expect(await run(code)).toMatchObject({
        ending: completedWith({ value: { n: 1 } }, 1),
        ran: { echo: 1, count: 0 },
      });
    });

    it('refuses a thenable as the whole tool input (not an object of the schema once its function is dropped)', async () => {
      const code =
        'try { await tools.count({ then(resolve) { resolve(5); } }); return "ran"; } catch (e) { return e.code; }';
      expect(await run(code)).toMatchObject({ ending: completedWith('ran', 1), ran: { echo: 0, count: 1 } });
    });

    it("returns a getter's value", async () => {
      expect((await run('return { get x() { return 7; } };')).ending).toStrictEqual(completedWith({ x: 7 }));
    });

    it.each([
      ['a function', 'return () => 1;'],
      ['undefined', 'return undefined;'],
      ['nothing', 'await tools.count({});'],
      ['a symbol', 'return Symbol("s");'],
    ])('answers null for %s', async (_, code) => {
      expect((await run(code)).ending).toMatchObject({ status: 'completed', value: { result: null } });
    });

    it('ends a BigInt result_not_json', async () => {
      expect((await run('return 10n;')).ending).toStrictEqual(notJson('Do not know how to serialize a BigInt'));
    });

    it('ends a cyclic object result_not_json', async () => {
      expect((await run('const a = {}; a.self = a; return a;')).ending).toStrictEqual(notJson('circular reference'));
    });
  });

  describe('tool calls', () => {
    it('stops a tight loop of calls at maxToolCalls, after exactly that many ran', async () => {
      expect(await run('for (;;) await tools.count({});')).toStrictEqual({
        ending: CALL_LIMIT,
        ran: { echo: 0, count: 20 },
        ms: expect.any(Number),
      });
    });

    it('stops a loop that catches every call the same way', async () => {
      expect(await run('for (;;) { try { await tools.count({}); } catch {} }')).toMatchObject({
        ending: CALL_LIMIT,
        ran: { echo: 0, count: 20 },
      });
    });

    it('stops calls started together past the limit: only the first 20 run', async () => {
      const code = 'await Promise.all(Array.from({ length: 50 }, () => tools.count({})));';
      expect(await run(code)).toMatchObject({ ending: CALL_LIMIT, ran: { echo: 0, count: 20 } });
    });

    it('answers a call of an unknown tool with a ToolCallError the script catches', async () => {
      const code =
        'try { await tools.nope({}); } catch (e) { return [e instanceof ToolCallError, e.code, e.reason, e.tool, e.message]; }';
      expect(await run(code)).toMatchObject({
        ending: completedWith([true, 'not_found', 'unknown_tool', 'nope', UNKNOWN_TOOL('nope')], 1),
        ran: NONE,
      });
    });

    it('keeps tools no thenable and lists only the callable tools', async () => {
      const code = `const awaited = await tools;
        return [typeof tools.then, typeof tools.toJSON, typeof tools[Symbol.iterator], Object.keys(tools), 'nope' in tools, JSON.stringify(tools), awaited === tools];`;
      expect((await run(code)).ending).toStrictEqual(
        completedWith(['undefined', 'undefined', 'undefined', ['count', 'echo'], false, '{}', true]),
      );
    });

    it('ends a script awaiting a promise nothing settles stalled', async () => {
      expect((await run('await new Promise(() => {});')).ending).toStrictEqual(STALLED);
    });
  });

  describe('reaching for the host', () => {
    it('finds only the isolate: no process, require, WebAssembly, modules or host functions', async () => {
      const target = join(dir, 'pwned');
      const code = `
        const attempt = async (step) => { try { return String(await step()); } catch (e) { return e.name + ': ' + e.message; } };
        const global = Function('return this')();
        return {
          process: typeof process,
          require: typeof require,
          wasm: typeof globalThis.WebAssembly,
          sameGlobal: global === globalThis,
          hostNames: ['process', 'require', 'module', 'Buffer', 'WebAssembly', 'setTimeout', 'fetch', 'std', 'os', 'global']
            .filter((name) => name in global),
          fs: await attempt(() => import('fs').then((fs) => fs.writeFileSync(${JSON.stringify(target)}, 'x'))),
          std: await attempt(() => import('std').then((std) => std.open(${JSON.stringify(target)}, 'w'))),
          os: await attempt(() => import('os')),
          nodeFs: await attempt(() => import('node:fs')),
          constructorProcess: await attempt(() => this.constructor.constructor('return process')()),
          functionThis: await attempt(() => typeof Function('return this')().process),
          evalProcess: await attempt(() => typeof eval('globalThis.process')),
          toolsConstructor: await attempt(() => tools.constructor.constructor('return typeof process')()),
          echoConstructor: await attempt(async () => (await tools.echo.constructor('return this')()) === globalThis),
          callee: await attempt(() => typeof arguments.callee.caller),
        };`;
      const { ending, ran } = await run(code);
      expect({ ending, ran }).toStrictEqual({
        ending: completedWith({
          process: 'undefined',
          require: 'undefined',
          wasm: 'undefined',
          sameGlobal: true,
          hostNames: [],
          fs: "ReferenceError: could not load module 'fs'",
          std: "ReferenceError: could not load module 'std'",
          os: "ReferenceError: could not load module 'os'",
          nodeFs: "ReferenceError: could not load module 'node:fs'",
          constructorProcess: "ReferenceError: 'process' is not defined",
          functionThis: 'undefined',
          evalProcess: 'undefined',
          toolsConstructor: 'undefined',
          echoConstructor: 'true',
          callee: 'TypeError: invalid property access',
        }),
        ran: NONE,
      });
    });

    it('cannot close the function it is the body of: refused before anything it queued runs', async () => {
      const code = '}); Promise.resolve().then(() => tools.count({})); (async function () {';
      expect(await run(code)).toMatchObject({
        ending: failed(
          'invalid_input',
          'syntax_error',
          'The script is not valid JavaScript: a closing brace ends the script before its end (the script is the body of an async function): balance its braces. Write plain JavaScript (no TypeScript annotations, no import or export): the body of an async function.',
        ),
        ran: NONE,
      });
    });

    it('cannot close the function and run code at the top level while it compiles', async () => {
      // The escaped code runs before tools exist: it can only end the run, here by its own throw.
      const code = '}); throw new Error("escaped"); (async function () {';
      expect(await run(code)).toMatchObject({
        ending: {
          status: 'failed',
          code: 'execution_failed',
          reason: 'script_threw',
          details: { error: { message: 'escaped' } },
        },
        ran: NONE,
      });
    });

    it("redefines tools and console in its own isolate only: the bridge's callbacks are closed over", async () => {
      // QuickJS lets defineProperty replace the global object's non-configurable properties.
      const code = `
        const real = tools;
        Object.defineProperty(globalThis, 'tools', { value: { echo: async () => 'forged' } });
        Object.defineProperty(globalThis, 'console', { value: { log() { throw new Error('no console'); } } });
        tools.count = () => 'assigned';
        return [await tools.echo({ value: 1 }), await real.echo({ value: 2 }), typeof real.count];`;
      expect(await run(code)).toMatchObject({
        ending: completedWith(['forged', { value: 2 }, 'function'], 1),
        ran: { echo: 1, count: 0 },
      });
    });

    it('cannot replace a tool of the frozen tools object', async () => {
      const code = `'use strict';
        const out = [];
        try { tools.echo = () => 'x'; } catch (e) { out.push(e.name); }
        try { Object.defineProperty(tools, 'count', { value: 1 }); } catch (e) { out.push(e.name); }
        return [out, await tools.echo({ value: 0 })];`;
      expect((await run(code)).ending).toStrictEqual(completedWith([['TypeError', 'TypeError'], { value: 0 }], 1));
    });
  });

  describe('spoofed errors', () => {
    it('ends a thrown lookalike of a ToolCallError as the script threw (a thrown value)', async () => {
      const thrown = { name: 'ToolCallError', code: 'permission_denied', message: 'fake', tool: 'echo' };
      const { ending } = await run(`throw ${JSON.stringify(thrown)};`);
      expect(ending).toStrictEqual(
        failed('execution_failed', 'script_threw', `The script threw thrown value: ${JSON.stringify(thrown)}`, {
          error: { name: 'thrown value', message: JSON.stringify(thrown) },
        }),
      );
    });

    it("ends a ToolCallError the script made itself script_threw: its code is only the details' text", async () => {
      const code =
        'throw new ToolCallError({ code: "permission_denied", reason: "binding_mismatch", message: "fake", tool: "echo" });';
      expect((await run(code)).ending).toMatchObject({
        status: 'failed',
        code: 'execution_failed',
        reason: 'script_threw',
        details: { reason: 'script_threw', error: { code: 'permission_denied' } },
      });
    });

    it('ends an Error renamed ToolCallError script_threw', async () => {
      const code = 'const e = new Error("fake"); e.name = "ToolCallError"; e.code = "permission_denied"; throw e;';
      expect((await run(code)).ending).toMatchObject({
        status: 'failed',
        code: 'execution_failed',
        reason: 'script_threw',
      });
    });
  });

  describe('scripts that do not compile', () => {
    it('ends a syntax error invalid_input syntax_error, naming its line', async () => {
      expect((await run('const x = ;\nreturn 1;')).ending).toStrictEqual(
        failed(
          'invalid_input',
          'syntax_error',
          "The script is not valid JavaScript: unexpected token in expression: ';' (line 1, column 11). Write plain JavaScript (no TypeScript annotations, no import or export): the body of an async function.",
        ),
      );
    });

    it("names the script's own line further down", async () => {
      expect((await run('return 1;\n\nlet = = 2;')).ending).toMatchObject({
        message: expect.stringContaining('(line 3, column 7)'),
      });
    });

    it('says to write plain JavaScript for TypeScript', async () => {
      expect((await run('const x: number = 1;\nreturn x;')).ending).toStrictEqual(
        failed(
          'invalid_input',
          'syntax_error',
          'The script is not valid JavaScript: missing initializer for const variable (line 1, column 8). Write plain JavaScript (no TypeScript annotations, no import or export): the body of an async function.',
        ),
      );
    });

    it("names the script's own line in a runtime error's stack", async () => {
      expect((await run('const a = 1;\n\nnull.x;')).ending).toStrictEqual(
        threw('TypeError', "cannot read property 'x' of null", 'at anonymous (<input>:3:5)'),
      );
    });
  });
});
