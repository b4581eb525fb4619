import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, type ToolExecutor } from '../../src/index.js';
import { codeTools } from '../../src/code/index.js';
import { CodeEchoTool } from './CodeEchoTool.js';
import { ParkTool } from './ParkTool.js';

/** A code-mode executor and the handle of its parking tool. */
export interface CodeExecutor {
  readonly executor: ToolExecutor;
  readonly park: ParkTool;
}

/**
 * The executor the code section measures, wired the way a host wires code mode: the default
 * permission checker, `agentkitModule()`, `codeTools()` (default limits, every tool callable),
 * the echo tool and the parking tool. Resolving it compiles QuickJS (once per process).
 */
export async function createCodeExecutor(): Promise<CodeExecutor> {
  const park = new ParkTool();
  const container = new Container();
  container.bind(CodeEchoTool).toSelf();
  container.bind(ParkTool).toConstantValue(park);
  container.load(agentkitModule(), codeTools());
  return { executor: await container.getAsync(TOOL_EXECUTOR), park };
}
