// README: the first screen (a DTO tool beside a zod one). Type-checked by `npm test` and run by test/readme.test.ts.
import 'reflect-metadata';
import { IsString, MaxLength } from 'class-validator';
import { z } from 'zod';
import { Tool } from 'agentkit-tools-core';

// A class-validator DTO...
class EchoInput {
  @IsString()
  @MaxLength(1_000)
  text!: string;
}

@Tool({ name: 'echo', description: 'Repeats the text back.', input: EchoInput })
class EchoTool {
  invoke(input: EchoInput) {
    return input.text;
  }
}

// ...or a zod 4 schema (valibot: `toStandardJsonSchema(v.object(...))`). Same closed JSON Schema rules, same errors.
const WeatherInput = z.object({ city: z.string().min(1), days: z.number().int().min(1).max(7).default(1) });

@Tool({ name: 'weather', description: 'Tells the weather in a city.', input: WeatherInput })
class WeatherTool {
  invoke(input: z.output<typeof WeatherInput>) {
    return `${input.city}: sunny for ${input.days} day(s)`; // input: { city: string; days: number }
  }
}
// End of the README snippet: the rest runs both tools.

import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';

const container = new Container();
container.bind(EchoTool).toSelf();
container.bind(WeatherTool).toSelf();
container.load(agentkitModule());
const executor = await container.getAsync(TOOL_EXECUTOR);
const call = { sessionId: 's1', turnId: 't1', metadata: {} };
const echoed = await executor.execute({ ...call, callId: 'c1', toolName: 'echo', input: { text: 'hi' } });
const weather = await executor.execute({ ...call, callId: 'c2', toolName: 'weather', input: { city: 'Oslo' } });
const refused = await executor.execute({ ...call, callId: 'c3', toolName: 'weather', input: { town: 'Oslo' } });
const weatherSchema = executor.specs().find((spec) => spec.name === 'weather')?.inputSchema;

export { echoed, refused, weather, weatherSchema };
