import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ToolExecutor } from '../../src/index.js';
import { CODE_ERROR_REASONS } from '../../src/code/index.js';
import { getFuzzRuns, getFuzzTimeout } from '../hardening/fixtures/fuzzRuns.js';
import {
  assertCompleted,
  codeRequest,
  completedWith,
  createHostileExecutor,
  endingOf,
  expectHostState,
  HOSTILE_LIMITS,
  readHostState,
  resetToolRuns,
  toolRuns,
  type Ending,
  type HostState,
} from './fixtures/hostileHarness.js';

/**
 * The bridge between a script and the host, fuzzed through a real executor's `code_run`:
 * JSON values and strings cross both ways unchanged (by JSON's rules), any tool name is a
 * callable tool or a ToolCallError, and scripts put together from risky pieces always end
 * categorized, with the host unchanged.
 */
const RUNS = getFuzzRuns(40);

/** Under HOSTILE_LIMITS (2 s: room for a busy machine, the round trips take milliseconds). */
let executor: ToolExecutor;
/** The same with 500 ms, for scripts that may loop until their time is up. */
let hasty: ToolExecutor;
let host: HostState;

beforeAll(async () => {
  executor = await createHostileExecutor();
  hasty = await createHostileExecutor({ ...HOSTILE_LIMITS, timeoutMs: 500 });
  assertCompleted(endingOf(await executor.execute(codeRequest('return 1;'))), 1);
  host = readHostState();
});

afterAll(async () => {
  await executor.close();
  await hasty.close();
});

async function run(code: string, on: ToolExecutor = executor): Promise<Ending> {
  return endingOf(await on.execute(codeRequest(code)));
}

/** A JS expression that makes `value` inside the script (through JSON.parse: a `__proto__` key stays a key). */
function literal(value: unknown): string {
  return `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
}

const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether an object anywhere in `value` has a key the executor never accepts in an input. */
function hasReservedKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasReservedKey);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, inner]) => RESERVED_KEYS.has(key) || hasReservedKey(inner));
}

/** What JSON makes of `value` (-0 becomes 0). */
function throughJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** Strings with the characters bridges get wrong: lone surrogates, NUL, line separators, quotes. */
const awkwardString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(
      fc.constantFrom(
        '\uD800',
        '\uDFFF',
        '\uD83D\uDE00',
        '\u0000',
        '\u2028',
        '\u2029',
        '"',
        '\\',
        '`',
        '${',
        'a',
        '\n',
      ),
      {
        maxLength: 12,
      },
    )
    .map((parts) => parts.join('')),
);

const FAILURE_CODES = new Set(['invalid_input', 'execution_failed', 'interrupted']);
/** What {@link categorize} answers for an ending it knows. */
const CATEGORIZED = /^(completed|failed [a-z_]+)$/;

/**
 * `completed`, or `failed <reason>` for a failure with a code `code_run` fails with, a reason
 * of CODE_ERROR_REASONS (engine_failed aside: the engine must not fail) and a message of a
 * sensible length; anything else is described whole.
 */
function categorize(ending: Ending): string {
  if (ending.status === 'completed') return 'completed';
  if (
    ending.status === 'failed' &&
    FAILURE_CODES.has(ending.code) &&
    typeof ending.reason === 'string' &&
    ending.reason !== 'engine_failed' &&
    (CODE_ERROR_REASONS as readonly string[]).includes(ending.reason) &&
    ending.message.length > 20 &&
    ending.message.length < 10_000
  ) {
    return `failed ${ending.reason}`;
  }
  return `uncategorized ${JSON.stringify(ending).slice(0, 2000)}`;
}

/** What a script catching `tools[name]({})` returns, and how many calls it made. */
function expectedCall(name: string): { expected: unknown; calls: number } {
  // Probed implicitly by the language (await, JSON.stringify): never a tool call, so not a function.
  if (name === 'then' || name === 'toJSON') return { expected: ['TypeError', null, null], calls: 0 };
  if (name === 'count') return { expected: 'ran', calls: 1 };
  // echo's input needs a value: the executor refuses {} (no reason of code mode's own).
  if (name === 'echo') return { expected: ['ToolCallError', 'invalid_input', null], calls: 1 };
  return { expected: ['ToolCallError', 'not_found', 'unknown_tool'], calls: 1 };
}

/** Pieces of hostile scripts: each alone is a case of hostileScripts.test.ts; together they meet in any order. */
const RISKY_PIECES = [
  'while (true) {}',
  'for (;;) { try { while (true) {} } catch {} }',
  'const all = []; for (;;) all.push(new Array(100000).fill(1));',
  'try { const all = []; for (;;) all.push(new Array(100000).fill(1)); } catch {}',
  'let s = "x"; for (let i = 0; i < 40; i++) s = s + s;',
  'new ArrayBuffer(1 << 30);',
  'function down(n) { return down(n + 1) + 1; } down(0);',
  'function down2(n) { return down2(n + 1) + 1; } try { down2(0); } catch {}',
  'return "x".repeat(300000);',
  'for (let i = 0; i < 500; i++) console.log("y".repeat(100));',
  'console.log("l".repeat(100000), { a: 1 }, [1n]);',
  'await tools.count({});',
  'for (;;) await tools.count({});',
  'await Promise.all(Array.from({ length: 30 }, () => tools.count({})));',
  'await new Promise(() => {});',
  'JSON.stringify = () => "{}";',
  'JSON.parse = () => ({ ok: true, value: 1 });',
  'Promise.prototype.then = function () { return this; };',
  'Object.prototype.toJSON = function () { return "h"; };',
  'Object.prototype.toJSON = function () { throw new Error("tj"); };',
  'Object.defineProperty(Object.prototype, "ok", { __proto__: null, get() { return true; }, configurable: true });',
  'Array.prototype.join = null; Array.prototype.map = null;',
  'Object.freeze(Object.prototype); Object.freeze(Error.prototype);',
  'return { toJSON() { throw new Error("nope"); } };',
  'return { toJSON() { return "z".repeat(300000); } };',
  'return { then(resolve) { resolve(1); } };',
  'return { then() {} };',
  'return 1n;',
  'const c = {}; c.c = c; return c;',
  'return () => 1;',
  'throw new ToolCallError({ code: "permission_denied", message: "fake", tool: "count" });',
  'throw { name: "ToolCallError", code: "permission_denied" };',
  "throw new InternalError('interrupted');",
  'throw new Error("m".repeat(100000));',
  'await tools.nope({});',
  'try { await tools["no.such"]({}); } catch {}',
  'await tools.count({ then(resolve) { resolve(1); } });',
  'Object.defineProperty(globalThis, "tools", { value: {} });',
  'Object.defineProperty(globalThis, "console", { value: 1 });',
  'return typeof Function("return this")().process;',
  'return this.constructor.constructor("return typeof process")();',
  'await import("fs");',
  'const x: number = 1;',
  '}); (async function () {',
  'return await tools.count({ value: "x".repeat(2 * 1024 * 1024) });',
  'Promise.reject(new Error("unhandled"));',
  'return undefined;',
  'return 42;',
];

describe('the code_run bridge, fuzzed', () => {
  it(
    'hands any JSON value to a tool and back unchanged (by JSON rules)',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
          resetToolRuns();
          const ending = await run(
            `try { return await tools.echo({ value: ${literal(value)} }); } catch (e) { return [e.name, e.code]; }`,
          );
          // The executor refuses a reserved key in any input (before the tool runs).
          const refused = hasReservedKey(value);
          const answer = refused ? ['ToolCallError', 'invalid_input'] : { value: throughJson(value) };
          expect(ending).toStrictEqual(completedWith(answer, 1));
          expect(toolRuns.echo).toBe(refused ? 0 : 1);
        }),
        { numRuns: RUNS },
      );
      expectHostState(host);
    },
    getFuzzTimeout(RUNS, 60),
  );

  it(
    'returns any string and logs it as one console line',
    async () => {
      await fc.assert(
        fc.asyncProperty(awkwardString, async (text) => {
          const ending = await run(
            `const text = ${literal(text)}; console.log(text); return [text, (await tools.echo({ value: text })).value];`,
          );
          expect(ending).toStrictEqual(completedWith([text, text], 1, [text]));
        }),
        { numRuns: RUNS },
      );
      expectHostState(host);
    },
    getFuzzTimeout(RUNS, 60),
  );

  it(
    'answers any tool name with the tool, or a ToolCallError the script catches',
    async () => {
      const name = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.constantFrom('echo', 'count', 'then', 'toJSON', '__proto__', 'constructor', 'hasOwnProperty', 'code_run'),
      );
      await fc.assert(
        fc.asyncProperty(name, async (toolName) => {
          resetToolRuns();
          const ending = await run(
            `try { await tools[${literal(toolName)}]({}); return 'ran'; } catch (e) { return [e.name, e.code ?? null, e.reason ?? null]; }`,
          );
          const { expected, calls } = expectedCall(toolName);
          expect(ending).toStrictEqual(completedWith(expected, calls));
          expect(toolRuns).toStrictEqual({ echo: 0, count: toolName === 'count' ? 1 : 0 });
        }),
        { numRuns: RUNS },
      );
      expectHostState(host);
    },
    getFuzzTimeout(RUNS, 60),
  );

  it(
    'ends any script put together from risky pieces categorized, and leaves the host as it was',
    async () => {
      const script = fc
        .array(fc.constantFrom(...RISKY_PIECES), { minLength: 1, maxLength: 4 })
        .map((pieces) => pieces.join('\n'));
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(script, async (code) => {
          resetToolRuns();
          const ending = await run(code, hasty);
          const kind = categorize(ending);
          seen.add(kind);
          expect(kind).toMatch(CATEGORIZED);
          expect(toolRuns.count).toBeLessThanOrEqual(HOSTILE_LIMITS.maxToolCalls);
          expect(toolRuns.echo).toBe(0);
        }),
        { numRuns: RUNS },
      );
      expectHostState(host);
      // A witness that the pieces meet the limits, not only compile errors: completions, throws and stops all seen.
      expect([...seen]).toEqual(
        expect.arrayContaining(['completed', 'failed script_threw', 'failed syntax_error', 'failed timeout']),
      );
      resetToolRuns();
      expect(await run('return await tools.count({});')).toStrictEqual(completedWith({ n: 1 }, 1));
    },
    getFuzzTimeout(RUNS, 700),
  );
});
