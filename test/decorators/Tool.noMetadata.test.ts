import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('@Tool without decorator metadata (tsx, esbuild, Bun)', () => {
  it('names the class, the cause and the @inject(TOKEN) fix, and a tool with @inject runs under tsx', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'test/decorators/fixtures/underTsx.ts'],
      { cwd: ROOT },
    );
    expect(stdout.trim().split('\n')).toStrictEqual([
      'ToolDefinitionError: class ImplicitTool: its constructor takes 1 parameter(s) and 1 of them carry no type to inject: ' +
        'the code was compiled without decorator metadata (design:paramtypes), which esbuild, tsx and Bun never emit. ' +
        'Write @inject(TOKEN) on every constructor parameter (for example `constructor(@inject(Clock) private readonly clock: Clock)`), ' +
        'or compile with emitDecoratorMetadata (tsc, ts-node, @swc-node/register): see the README\'s "Set-up in your project".',
      'completed {"type":"text","text":"hello, tsx"}',
    ]);
  }, 60_000);
});
