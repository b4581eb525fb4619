// README: "Typed input". Type-checked by `npm test` and run by test/readme.test.ts.
import 'reflect-metadata';
import { Container } from 'inversify';
import { agentkitModule, Tool, TOOL_EXECUTOR, type InferToolInput, type ToolContext } from 'agentkit-tools-core';

const WEATHER_INPUT = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
  required: ['city'],
  additionalProperties: false,
} as const; // keeps the literal types the input type is read from (inline schemas need nothing)

type WeatherInput = InferToolInput<typeof WEATHER_INPUT>; // { city: string; days?: number }

@Tool({ name: 'weather', description: 'Tells the weather in a city.', input: WEATHER_INPUT })
class WeatherTool {
  // `invoke(input: number)` here would not compile: the input is a WeatherInput
  invoke(input: WeatherInput, ctx: ToolContext<WeatherInput>) {
    return `${input.city}: sunny for ${ctx.input.days ?? 1} day(s)`;
  }
}

const container = new Container();
container.bind(WeatherTool).toSelf();
container.load(agentkitModule());
const executor = await container.getAsync(TOOL_EXECUTOR);
const outcome = await executor.execute({
  callId: 'c1',
  toolName: 'weather',
  input: { city: 'Oslo', days: 2 },
  sessionId: 's1',
  turnId: 't1',
  metadata: {},
});
// outcome: { status: 'completed', result: { result: { output: { type: 'text', text: 'Oslo: sunny for 2 day(s)' }, ... } } }

export { outcome };
