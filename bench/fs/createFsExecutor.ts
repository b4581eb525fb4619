import { Container } from 'inversify';
import { fileSystemTools, type FileSystemLimits } from '../../src/fs/index.js';
import {
  agentkitModule,
  TOOL_EXECUTOR,
  type JsonValue,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';

/** An executor with the filesystem tools over `root` (with `limits` when given), the default permission checker, and a call helper. */
export interface FsExecutor {
  readonly executor: ToolExecutor;
  call(toolName: string, input: JsonValue): Promise<ToolExecutionOutcome>;
}

export async function createFsExecutor(root: string, limits?: Partial<FileSystemLimits>): Promise<FsExecutor> {
  const container = new Container();
  container.load(agentkitModule({ roots: [{ path: root }] }), fileSystemTools(limits === undefined ? {} : { limits }));
  const executor = await container.getAsync(TOOL_EXECUTOR);
  let calls = 0;
  return {
    executor,
    call: (toolName, input) =>
      executor.execute({
        callId: `bench-${++calls}`,
        toolName,
        input,
        sessionId: 'bench',
        turnId: 'turn-1',
        metadata: {},
      }),
  };
}
