import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import { APPROVAL_STORE, TOOL_SOURCE, ToolConfigurationError, type ToolSource, type ToolSpec } from '../index.js';
import { assertCodeToolOptions } from './assertCodeToolOptions.js';
import { CODE_RUN_DEFAULTS } from './CODE_RUN_DEFAULTS.js';
import type { CodeRunLimits } from './CodeRunLimits.js';
import { CodeRunTool, type CallableTools } from './CodeRunTool.js';
import type { CodeToolOptions } from './CodeToolOptions.js';
import { declareTool } from './declarations/declareTool.js';
import { declareTools } from './declarations/declareTools.js';
import { assertQuickJsInstalled } from './isolate/assertQuickJsInstalled.js';
import { WORKER_POOL } from './isolate/WorkerPool.js';
import { CodeLogStore } from './run/CodeLogStore.js';

/** The code tool's name. */
const CODE_RUN = 'code_run';

/** The specs a script may call, by the host's choice (never the code tool itself). */
function chooseTools(registered: readonly ToolSpec[], choice: CodeToolOptions['tools']): readonly ToolSpec[] {
  const others = registered.filter((spec) => spec.name !== CODE_RUN);
  if (choice === undefined || choice === 'all') return others;
  if (typeof choice === 'function') return others.filter((spec) => choice(spec));
  const byName = new Map(others.map((spec) => [spec.name as string, spec]));
  const missing = choice.filter((name) => !byName.has(name));
  if (missing.length > 0) {
    throw new ToolConfigurationError(
      `codeTools({ tools }) names ${missing.map((name) => JSON.stringify(name)).join(', ')}, which the executor does not have. Callable tools are: ${[...byName.keys()].join(', ') || '(none)'}.`,
    );
  }
  return choice.map((name) => byName.get(name) as ToolSpec);
}

function describeCallable(specs: readonly ToolSpec[], maxChars: number): CallableTools {
  const names = specs.map((spec) => spec.name as string);
  return {
    text: declareTools(specs, { maxChars }).text,
    declarations: Object.fromEntries(specs.map((spec) => [spec.name, declareTool(spec)])),
    missing: `Callable: ${names.length === 0 ? '(none)' : names.join(', ')}.`,
  };
}

/**
 * Code mode as a container module: binds `code_run`, a tool whose input is a script (`{ code }`,
 * JavaScript: the body of an async function) run in a QuickJS isolate compiled to WebAssembly,
 * where `await tools.<name>(input)` calls a tool as a child call through the executor, under the
 * same checks as a direct call. Its description carries TypeScript declarations of the tools a
 * script may call, made from their schemas (made again when the executor's tools change).
 * Options are checked now; QuickJS (an optional peer) is compiled when the executor starts.
 * A script paused by a child's approval, question or authentication resumes by replay: see
 * the README's "Code mode".
 *
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { Container } from 'inversify';
 * import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';
 * import { codeTools } from 'agentkit-tools-core/code';
 * import { fileSystemTools } from 'agentkit-tools-core/fs';
 *
 * const container = new Container();
 * await container.load(
 *   agentkitModule({ roots: [{ path: process.cwd() }] }),
 *   fileSystemTools(),
 *   codeTools({ tools: ['fs_read_file', 'fs_glob'], maxToolCalls: 20 }),
 * );
 * const executor = await container.getAsync(TOOL_EXECUTOR);
 * const outcome = await executor.execute({
 *   callId: 'c1',
 *   toolName: 'code_run',
 *   input: { code: 'const files = await tools.fs_glob({ pattern: "*.md" });\nreturn files;' },
 *   sessionId: 's1',
 *   turnId: 't1',
 *   metadata: {},
 * });
 * ```
 */
export function codeTools(options: CodeToolOptions = {}): ContainerModule {
  assertCodeToolOptions(options);
  const { tools: choice, ...given } = options;
  const limits: CodeRunLimits = { ...CODE_RUN_DEFAULTS, ...given };
  return new ContainerModule((bindings: ContainerModuleLoadOptions) => {
    bindings.bind(TOOL_SOURCE).toDynamicValue((context): ToolSource => {
      const logs = new CodeLogStore(context.get(APPROVAL_STORE), limits.resumeTtlMs, limits.maxToolCalls);
      return {
        id: 'code mode',
        composesTools: true,
        loadTools: (registered = []) => {
          // A missing peer fails at start-up; a worker starts compiling QuickJS now, so the first script does not wait for it.
          assertQuickJsInstalled();
          WORKER_POOL.prewarm();
          const callable = chooseTools(registered, choice);
          return [
            new CodeRunTool(
              CODE_RUN,
              callable.map((spec) => spec.name),
              describeCallable(callable, limits.declarationChars),
              limits,
              logs,
            ),
          ];
        },
      };
    });
  });
}
