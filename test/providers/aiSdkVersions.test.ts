/**
 * The AI SDK bridge against every supported `ai` major version, as a consumer compiles it:
 * `tsc --strict` over a consumer module that hands `toAiSdkTools` to that version's `ToolSet`,
 * `Tool` and `generateText`. ai 7 is the `ai` devDependency, ai 6 the `ai6` npm alias
 * (`npm:ai@6.x`), so both are installed side by side and each consumer names its own.
 */
import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the consumer modules live (virtually): in test/, so `ai`, `ai6` and `../../src` resolve as for any test. */
const DIR = path.join(ROOT, 'test/providers');

/** A consumer of `specifier`'s AI SDK; `extra` is appended as it is. */
function buildConsumer(specifier: string, extra: string): string {
  return `import { generateText, stepCountIs, type LanguageModel, type Tool, type ToolSet } from '${specifier}';
import type { ToolExecutor } from '../../src/index.js';
import { toAiSdkTools, type AiSdkTool } from '../../src/providers/index.js';

declare const executor: ToolExecutor;
declare const model: LanguageModel;
declare const ours: AiSdkTool;

export const tools: ToolSet = toAiSdkTools(executor);
export const configured: ToolSet = toAiSdkTools(executor, { sessionId: 'session-1', sdkVersion: 6 });
export const one: Tool | undefined = toAiSdkTools(executor)['fs_read_file'];
export const declared: Tool = ours;
export const merged: ToolSet = { ...toAiSdkTools(executor), ...tools };

export async function run(): Promise<string> {
  const result = await generateText({ model, tools: toAiSdkTools(executor), prompt: 'go', stopWhen: stepCountIs(3) });
  return result.text;
}
${extra}
`;
}

/**
 * The diagnostics of each consumer module (by name), compiled in one program, `--strict` as a
 * plain consumer project would.
 */
function typeCheckConsumers(sources: Readonly<Record<string, string>>): Record<string, string[]> {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    types: ['node'],
  };
  const virtual = new Map(
    Object.entries(sources).map(([name, source]) => [path.join(DIR, `${name}.virtual.ts`), source]),
  );
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const source = virtual.get(path.resolve(fileName));
    return source === undefined
      ? getSourceFile(fileName, languageVersion, ...rest)
      : ts.createSourceFile(fileName, source, languageVersion, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtual.has(path.resolve(fileName)) || fileExists(fileName);
  const program = ts.createProgram([...virtual.keys()], options, host);
  return Object.fromEntries(
    Object.keys(sources).map((name) => {
      const file = program.getSourceFile(path.join(DIR, `${name}.virtual.ts`));
      if (file === undefined) throw new Error(`the consumer module ${name} was not compiled`);
      const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
      return [
        name,
        diagnostics.map(
          (diagnostic) =>
            `${String(file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
        ),
      ];
    }),
  );
}

const SEVEN = `export const seven: ToolSet = toAiSdkTools(executor, { sdkVersion: 7 });`;
let checked: Record<string, string[]> | undefined;

/** The consumers' diagnostics, compiled once for the file. */
function getDiagnostics(): Record<string, string[]> {
  checked ??= typeCheckConsumers({
    ai7: buildConsumer('ai', SEVEN),
    // Unused, the directive is itself an error: the line must fail to compile.
    ai6: buildConsumer('ai6', `// @ts-expect-error ai 7's own file parts are not ai 6's tool-result content\n${SEVEN}`),
    ai6Control: buildConsumer('ai6', SEVEN),
  });
  return checked;
}

describe('toAiSdkTools against each supported ai major version (tsc --strict)', () => {
  it('type-checks in an ai 7 consumer, with ai 7 file parts too', () => {
    expect(getDiagnostics()['ai7']).toStrictEqual([]);
  }, 120_000);

  it('type-checks in an ai 6 consumer; tools with ai 7 file parts do not fit ai 6', () => {
    expect(getDiagnostics()['ai6']).toStrictEqual([]);
  }, 120_000);

  it('reports what does not fit (the check can fail)', () => {
    expect(getDiagnostics()['ai6Control']).toStrictEqual([
      expect.stringMatching(/^\d+: Type 'Record<string, AiSdkTool<7>>' is not assignable to type 'ToolSet'\./),
    ]);
  }, 120_000);
});
