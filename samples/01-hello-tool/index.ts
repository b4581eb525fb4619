/**
 * Sample 01: the smallest custom tool. One decorated class with one method, a container,
 * and a call through the executor: valid input completes, invalid input is refused with an
 * error the model can act on.
 */
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Container } from 'inversify';
import { agentkitModule, Tool, TOOL_EXECUTOR, type ToolExecutionOutcome } from '../../src/index.js';

class GreetInput {
  @IsString()
  @MaxLength(50)
  public name!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3)
  public times?: number;
}

@Tool({ name: 'greet', description: 'Greets someone by name, up to three times.', input: GreetInput })
export class GreetTool {
  public invoke(input: GreetInput): string {
    return Array.from({ length: input.times ?? 1 }, () => `Hello, ${input.name}!`).join(' ');
  }
}

export interface HelloToolReport {
  readonly toolNames: readonly string[];
  readonly valid: ToolExecutionOutcome;
  readonly invalid: ToolExecutionOutcome;
}

export async function run(log: (line: string) => void = console.log): Promise<HelloToolReport> {
  const container = new Container();
  container.bind(GreetTool).toSelf();
  container.load(agentkitModule());
  const executor = await container.getAsync(TOOL_EXECUTOR);

  const toolNames = executor.specs().map((spec) => spec.name);
  log(`tools: ${toolNames.join(', ')}`);
  log(`schema: ${JSON.stringify(executor.specs()[0]?.inputSchema)}`);

  const session = { sessionId: 'demo', turnId: 'turn-1', metadata: {} };
  const valid = await executor.execute({
    ...session,
    callId: 'c1',
    toolName: 'greet',
    input: { name: 'Ada', times: 2 },
  });
  if (valid.status === 'completed') log(`greet -> ${JSON.stringify(valid.result.result.output)}`);

  const invalid = await executor.execute({
    ...session,
    callId: 'c2',
    toolName: 'greet',
    input: { name: 7, times: 9, shout: true },
  });
  if (invalid.status === 'failed') log(`invalid input -> ${invalid.error.code}:\n${invalid.error.message}`);

  return { toolNames, valid, invalid };
}
