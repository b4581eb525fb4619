import { describe, expect, it } from '@jest/globals';
import { Isolate } from '../../src/code/isolate/Isolate.js';
import type { IsolateOptions } from '../../src/code/isolate/IsolateOptions.js';

function options(
  overrides: Partial<IsolateOptions> = {},
): IsolateOptions & { calls: [number, string, string][]; lines: string[] } {
  const calls: [number, string, string][] = [];
  const lines: string[] = [];
  return {
    session: 'session-1',
    memoryBytes: 32 * 1024 * 1024,
    stackBytes: 256 * 1024,
    deadline: performance.now() + 5000,
    toolNames: ['echo'],
    seed: 1,
    now: Date.UTC(2026, 0, 2),
    onCall: (index, name, input) => calls.push([index, name, input]),
    onConsole: (level, text) => lines.push(`${level}: ${text}`),
    describe: (name) => `declaration of ${name}`,
    calls,
    lines,
    ...overrides,
  };
}

describe('Isolate', () => {
  it('runs a script, answers its calls in the order asked, and frees everything it made', async () => {
    const given = options();
    const isolate = await Isolate.open(given);
    isolate.start(`
      const [a, b] = await Promise.all([tools.echo({ n: 1 }), tools.echo({ n: 2 })]);
      console.log('got', a, b, describe('echo'));
      return { a, b, now: new Date().toISOString() };
    `);
    expect(given.calls).toStrictEqual([
      [0, 'echo', '{"n":1}'],
      [1, 'echo', '{"n":2}'],
    ]);
    expect(isolate.end).toBeUndefined();
    isolate.settle(0, JSON.stringify({ ok: true, value: 'one' }));
    expect(isolate.end).toBeUndefined();
    isolate.settle(1, JSON.stringify({ ok: true, value: 'two' }));
    expect(isolate.end).toStrictEqual({
      type: 'returned',
      json: '{"a":"one","b":"two","now":"2026-01-02T00:00:00.000Z"}',
    });
    expect(given.lines).toStrictEqual(['log: got one two declaration of echo']);
    expect(isolate.calls).toBe(2);
    isolate.dispose();
    expect(isolate.broken).toBe(false);
  });

  it('frees a script left waiting on calls nobody answered', async () => {
    const isolate = await Isolate.open(options());
    isolate.start('await tools.echo({}); return 1;');
    expect(isolate.end).toBeUndefined();
    isolate.dispose();
    expect(isolate.broken).toBe(false);
  });

  it('throws a failed call into the script as a ToolCallError', async () => {
    const isolate = await Isolate.open(options());
    isolate.start(`
      try { await tools.echo({}); } catch (e) { return [e instanceof ToolCallError, e.name, e.code, e.reason, e.tool, e.message]; }
    `);
    isolate.settle(
      0,
      JSON.stringify({
        ok: false,
        error: { code: 'permission_denied', message: 'no', reason: 'denied', details: {}, tool: 'echo' },
      }),
    );
    expect(isolate.end).toStrictEqual({
      type: 'returned',
      json: '[true,"ToolCallError","permission_denied","denied","echo","no"]',
    });
    isolate.dispose();
    expect(isolate.broken).toBe(false);
  });

  it('seeds Math.random: the same seed, the same numbers', async () => {
    const run = async (seed: number): Promise<string | undefined> => {
      const isolate = await Isolate.open(options({ seed }));
      isolate.start('return [Math.random(), Math.random()];');
      const end = isolate.end;
      isolate.dispose();
      return end?.type === 'returned' ? end.json : undefined;
    };
    expect(await run(7)).toBe(await run(7));
    expect(await run(7)).not.toBe(await run(8));
  });

  it('says where a script does not compile', async () => {
    const isolate = await Isolate.open(options());
    isolate.start('const a = 1;\nconst x = ;');
    expect(isolate.end).toMatchObject({ type: 'syntax_error' });
    expect(isolate.end?.type === 'syntax_error' ? isolate.end.message : '').toMatch(/\(line 2, column 11\)$/);
    isolate.dispose();
  });
});

describe('Isolate stack traces', () => {
  it("name the script's own lines", async () => {
    const isolate = await Isolate.open(options());
    isolate.start('const a = 1;\nnull.x;');
    const end = isolate.end;
    isolate.dispose();
    expect(end).toMatchObject({ type: 'threw', error: { name: 'TypeError' } });
    expect(end?.type === 'threw' ? end.error.stack : '').toContain('<input>:2');
  });
});
