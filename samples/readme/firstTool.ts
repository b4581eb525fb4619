// README: "Your first tool". Every ```ts block of the README is a verbatim part of a file in
// this folder; these files are type-checked by `npm test` and run by test/readme.test.ts.
import 'reflect-metadata'; // once, at your program's entry, before any decorated class loads
import { IsString, MaxLength } from 'class-validator';
import { Container } from 'inversify';
import { agentkitModule, JSONSchema, Tool, TOOL_EXECUTOR } from 'agentkit-tools-core';

class EchoInput {
  @IsString()
  @MaxLength(1_000)
  @JSONSchema({ description: 'The text to repeat, as is.' }) // what the model reads about this field
  text!: string;
}

@Tool({ name: 'echo', description: 'Repeats the text back.', input: EchoInput })
class EchoTool {
  invoke(input: EchoInput) {
    return input.text;
  }
}

const container = new Container();
container.bind(EchoTool).toSelf();
container.load(agentkitModule());
const executor = await container.getAsync(TOOL_EXECUTOR);
const outcome = await executor.execute({
  callId: 'c1',
  toolName: 'echo',
  input: { text: 'hi' },
  sessionId: 's1',
  turnId: 't1',
  metadata: {},
});
// outcome: { status: 'completed', result: { result: { output: { type: 'text', text: 'hi' }, ... } } }
const schema = executor.specs()[0]?.inputSchema;
// schema: { type: 'object', properties: { text: { type: 'string', maxLength: 1000, description: 'The text to repeat, as is.' } }, required: ['text'], additionalProperties: false }

export { outcome, schema };
