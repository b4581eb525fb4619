import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PermissionDecision,
  TOOL_EXECUTOR,
  type JsonValue,
  type PermissionChecker,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../src/index.js';
import { DTO_ECHO_TOOL, DtoEchoTool, SCHEMA_ECHO_TOOL, SchemaEchoTool } from './agentkitTools.js';
import { ECHO_INPUT, type EchoSubject } from './echo.js';

/** Allows everything: the permission check stays on the path, its policy costs nothing. */
const allowAll: PermissionChecker = { evaluate: () => PermissionDecision.allow() };

/** Our executor, wired the way a host wires it, with both echo tools bound. */
export async function createAgentkitExecutor(): Promise<ToolExecutor> {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(allowAll);
  container.bind(SchemaEchoTool).toSelf();
  container.bind(DtoEchoTool).toSelf();
  container.load(agentkitModule());
  return container.getAsync(TOOL_EXECUTOR);
}

function textOf(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'completed') throw new Error(`${outcome.status}: ${JSON.stringify(outcome)}`);
  const { output } = outcome.result.result;
  return output.type === 'text' ? output.text : output;
}

function createSubject(name: string, executor: ToolExecutor, toolName: string): EchoSubject {
  const execute = (callId: string, input: JsonValue): Promise<ToolExecutionOutcome> =>
    executor.execute({ callId, toolName, input, sessionId: 'bench-session', turnId: 'bench-turn', metadata: {} });
  return {
    name,
    validates: true,
    call: (i) => execute(`call-${i}`, ECHO_INPUT),
    echo: async (input) => textOf(await execute('verify', input as JsonValue)),
  };
}

/** The full executor path (lookup, limits, ajv, preflight, one permission check, invoke, normalize). */
export function createAgentkitSchemaSubject(executor: ToolExecutor): EchoSubject {
  return createSubject('agentkit executor, explicit schema', executor, SCHEMA_ECHO_TOOL);
}

/** The same path with a DTO-class input (ajv, then the input instance is built). */
export function createAgentkitDtoSubject(executor: ToolExecutor): EchoSubject {
  return createSubject('agentkit executor, DTO class', executor, DTO_ECHO_TOOL);
}
