// README "Tools that talk back": a tool that reports progress, one that asks a question, and the
// host that listens and answers. Each fenced block of the README section stands verbatim below.
import 'reflect-metadata';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type ToolEvent,
  type ToolExecutionOutcome,
} from 'agentkit-tools-core';
import { ProgressTool } from './talkBackProgress.js';
import { PickFileTool } from './talkBackQuestion.js';

export const heard: ToolEvent[] = [];

const container = new Container();
container.bind(PERMISSION_CHECKER).toConstantValue(new PolicyPermissionChecker({ rules: [], fallback: 'allow' }));
container.bind(ProgressTool).toSelf();
container.bind(PickFileTool).toSelf();
container.load(agentkitModule());
const executor = await container.getAsync(TOOL_EXECUTOR);

export const counted = await executor.execute(
  { callId: 'c1', toolName: 'files_count', input: {}, sessionId: 's1', turnId: 't1', metadata: {} },
  { onEvent: (event) => heard.push(event) },
);

const pickRequest = { callId: 'c2', toolName: 'files_pick', input: {}, sessionId: 's1', turnId: 't1', metadata: {} };
let picked: ToolExecutionOutcome = await executor.execute(pickRequest);
if (picked.status === 'interrupted' && picked.interruption.type === 'input_required') {
  const { input } = picked.interruption; // plain JSON: show input.message to the person, escaped
  picked = await executor.executeWithInput(pickRequest, input, { action: 'accept', content: { file: 'b.txt' } });
}
export { picked };
await executor.close();
