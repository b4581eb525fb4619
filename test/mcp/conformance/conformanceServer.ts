// The fixture server the MCP conformance suite's server scenarios run against, written only with
// the public API: `@Tool` classes (and the `agentkit-tools-core/mcp` decorators) bound in an
// Inversify container, served by `serveHttp`. The names and answers are the ones the suite's
// scenarios ask for (read from `@modelcontextprotocol/conformance` 0.1.16's dist/index.js).
import 'reflect-metadata';
import { Container } from 'inversify';
import {
  agentkitModule,
  buildToolResult,
  Tool,
  TOOL_EXECUTOR,
  TOOL_SOURCE,
  toToolName,
  type ElicitationResult,
  type ToolContext,
  type ToolOutput,
  type ToolSource,
} from 'agentkit-tools-core';
import {
  Prompt,
  Resource,
  ResourceTemplate,
  serveHttp,
  servedContent,
  type HttpServeHandle,
  type PromptGetResult,
  type ResourceChangeListener,
} from 'agentkit-tools-core/mcp';

/** A 1x1 red PNG. */
export const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A WAV file with a header and no samples (44 bytes). */
export const EMPTY_WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WAVEfmt '),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x80, 0x3e, 0, 0, 2, 0, 16, 0]),
  Buffer.from('data'),
  Buffer.from([0, 0, 0, 0]),
]).toString('base64');

@Tool({ name: 'test_simple_text', description: 'Returns a simple text response.' })
class SimpleTextTool {
  invoke(): string {
    return 'This is a simple text response for testing.';
  }
}

@Tool({ name: 'test_image_content', description: 'Returns a 1x1 PNG image.' })
class ImageContentTool {
  invoke(): ToolOutput {
    return { type: 'parts', parts: [{ type: 'media', modality: 'image', mimeType: 'image/png', data: RED_PIXEL_PNG }] };
  }
}

@Tool({ name: 'test_audio_content', description: 'Returns a short WAV file.' })
class AudioContentTool {
  invoke(): ToolOutput {
    return { type: 'parts', parts: [{ type: 'media', modality: 'audio', mimeType: 'audio/wav', data: EMPTY_WAV }] };
  }
}

@Tool({ name: 'test_embedded_resource', description: 'Returns an embedded text resource.' })
class EmbeddedResourceTool {
  invoke(): ToolOutput {
    return {
      type: 'parts',
      parts: [
        {
          type: 'resource',
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      ],
    };
  }
}

@Tool({ name: 'test_multiple_content_types', description: 'Returns text, an image and an embedded resource.' })
class MultipleContentTypesTool {
  invoke(): ToolOutput {
    return {
      type: 'parts',
      parts: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'media', modality: 'image', mimeType: 'image/png', data: RED_PIXEL_PNG },
        {
          type: 'resource',
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: JSON.stringify({ test: 'data', value: 123 }),
        },
      ],
    };
  }
}

@Tool({ name: 'test_error_handling', description: 'Always fails.' })
class ErrorHandlingTool {
  invoke(): never {
    throw new Error('This tool intentionally returns an error for testing');
  }
}

// A 2020-12 schema (`$schema`, `$defs`) is not a draft-07 `@Tool` schema: a `Tool` object served
// by a `TOOL_SOURCE` says `schemaStrictness: 'lenient'`, the path for schemas written elsewhere.
const JSON_SCHEMA_2020_12_TOOL: Tool = {
  spec: {
    name: toToolName('json_schema_2020_12_tool'),
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
      },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
    metadata: {},
  },
  schemaStrictness: 'lenient',
  invoke: (request) => buildToolResult(request, { type: 'text', text: `Hello, ${JSON.stringify(request.input)}.` }),
};

const FIXTURE_SOURCE: ToolSource = { id: 'conformance', loadTools: () => [JSON_SCHEMA_2020_12_TOOL] };

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

@Tool({ name: 'test_tool_with_logging', description: 'Tests tool that emits log messages during execution' })
class LoggingTool {
  async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    ctx.log('info', 'Tool execution started');
    await pause(50);
    ctx.log('info', 'Tool processing data');
    await pause(50);
    ctx.log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  }
}

@Tool({ name: 'test_tool_with_progress', description: 'Tests tool that reports progress notifications' })
class ProgressTool {
  async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    for (const progress of [0, 50, 100]) {
      ctx.progress({ progress, total: 100, message: `Completed step ${progress} of 100` });
      if (progress < 100) await pause(50);
    }
    return 'Tool with progress executed successfully';
  }
}

@Tool({
  name: 'test_sampling',
  description: 'Tests server-initiated sampling (LLM completion request)',
  input: {
    type: 'object',
    properties: { prompt: { type: 'string', description: 'The prompt to send to the LLM' } },
    required: ['prompt'],
    additionalProperties: false,
  },
})
class SamplingTool {
  async invoke(input: { prompt: string }, ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: input.prompt } }],
      maxTokens: 100,
    });
    return `LLM response: ${answer.content.text}`;
  }
}

/** What an elicitation tool reports back, in the suite's words. */
function describeAnswer(prefix: string, answer: ElicitationResult): string {
  const content = answer.action === 'accept' ? answer.content : {};
  return `${prefix}: action=${answer.action}, content=${JSON.stringify(content)}`;
}

@Tool({
  name: 'test_elicitation',
  description: 'Tests server-initiated elicitation (user input request)',
  input: {
    type: 'object',
    properties: { message: { type: 'string', description: 'The message to show the user' } },
    required: ['message'],
    additionalProperties: false,
  },
})
class ElicitationTool {
  async invoke(input: { message: string }, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit({
      message: input.message,
      schema: {
        type: 'object',
        properties: { response: { type: 'string', description: "User's response" } },
        required: ['response'],
      },
    });
    return describeAnswer('User response', answer);
  }
}

@Tool({ name: 'test_elicitation_sep1034_defaults', description: 'Tests elicitation with default values per SEP-1034' })
class ElicitationDefaultsTool {
  async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit({
      message: 'Please review and update the form fields with defaults',
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: {
            type: 'string',
            description: 'User status',
            enum: ['active', 'inactive', 'pending'],
            default: 'active',
          },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    });
    return describeAnswer('Elicitation completed', answer);
  }
}

@Tool({
  name: 'test_elicitation_sep1330_enums',
  description: 'Tests elicitation with enum schema improvements per SEP-1330',
})
class ElicitationEnumsTool {
  async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit({
      message: 'Please select options from the enum fields',
      schema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            description: 'Select one option with titles',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            description: 'Select one option (legacy)',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            description: 'Select multiple options',
            minItems: 1,
            maxItems: 3,
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            description: 'Select multiple options with titles',
            minItems: 1,
            maxItems: 3,
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
        required: [],
      },
    });
    return describeAnswer('Elicitation completed', answer);
  }
}

// `server-sse-polling` calls it; the scenario checks that the call answers on its SSE stream (a
// server with an event store may close the stream mid-call and resume it on reconnection).
@Tool({ name: 'test_reconnection', description: 'Answers after a short wait.' })
class ReconnectionTool {
  async invoke(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return 'Reconnection test completed successfully';
  }
}

@Resource({
  uri: 'test://static-text',
  name: 'static-text',
  description: 'A static text resource.',
  mimeType: 'text/plain',
})
class StaticTextResource {
  read(): string {
    return 'This is the content of the static text resource.';
  }
}

@Resource({
  uri: 'test://static-binary',
  name: 'static-binary',
  description: 'A static binary resource (a PNG).',
  mimeType: 'image/png',
})
class StaticBinaryResource {
  read(): Uint8Array {
    return Buffer.from(RED_PIXEL_PNG, 'base64');
  }
}

/** A resource whose subscribers hear every change announced by `touch()`. */
@Resource({
  uri: 'test://watched-resource',
  name: 'watched-resource',
  description: 'A resource clients can subscribe to.',
  mimeType: 'text/plain',
})
class WatchedResource {
  readonly #listeners = new Set<ResourceChangeListener>();
  #version = 0;

  read(): string {
    return `Version ${this.#version}.`;
  }

  subscribe(changed: ResourceChangeListener): () => void {
    this.#listeners.add(changed);
    return () => this.#listeners.delete(changed);
  }

  touch(): void {
    this.#version += 1;
    for (const changed of this.#listeners) changed();
  }
}

@ResourceTemplate({
  uriTemplate: 'test://template/{id}/data',
  name: 'template-data',
  description: 'Data for an id.',
  mimeType: 'application/json',
})
class TemplateDataResource {
  read(_uri: string, { id }: Readonly<Record<string, string>>): string {
    return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id ?? ''}` });
  }

  complete(argument: string, value: string): readonly string[] {
    return argument === 'id' ? ['123', '124', '200'].filter((id) => id.startsWith(value)) : [];
  }
}

@Prompt({ name: 'test_simple_prompt', description: 'A prompt without arguments.' })
class SimplePrompt {
  get(): string {
    return 'This is a simple prompt for testing.';
  }
}

@Prompt({
  name: 'test_prompt_with_arguments',
  description: 'A prompt with two arguments.',
  arguments: [
    { name: 'arg1', description: 'First test argument', required: true },
    { name: 'arg2', description: 'Second test argument', required: true },
  ],
})
class PromptWithArguments {
  get({ arg1, arg2 }: Readonly<Record<string, string>>): string {
    return `Prompt with arguments: arg1='${arg1 ?? ''}', arg2='${arg2 ?? ''}'`;
  }

  complete(argument: string, value: string): readonly string[] {
    const words = argument === 'arg1' ? ['paris', 'park', 'party', 'test'] : ['world'];
    return words.filter((word) => word.startsWith(value));
  }
}

@Prompt({
  name: 'test_prompt_with_embedded_resource',
  description: 'A prompt that embeds a resource.',
  arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
})
class PromptWithEmbeddedResource {
  get({ resourceUri }: Readonly<Record<string, string>>): PromptGetResult {
    return [
      {
        role: 'user',
        content: {
          type: 'resource',
          uri: resourceUri ?? '',
          mimeType: 'text/plain',
          text: 'Embedded resource content for testing.',
        },
      },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ];
  }
}

@Prompt({ name: 'test_prompt_with_image', description: 'A prompt with an image.' })
class PromptWithImage {
  get(): PromptGetResult {
    return [
      { role: 'user', content: { type: 'media', modality: 'image', mimeType: 'image/png', data: RED_PIXEL_PNG } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ];
  }
}

/** Every fixture class, bound as itself. */
export const FIXTURE_CLASSES: readonly (new () => object)[] = [
  SimpleTextTool,
  ImageContentTool,
  AudioContentTool,
  EmbeddedResourceTool,
  MultipleContentTypesTool,
  ErrorHandlingTool,
  ReconnectionTool,
  LoggingTool,
  ProgressTool,
  SamplingTool,
  ElicitationTool,
  ElicitationDefaultsTool,
  ElicitationEnumsTool,
  StaticTextResource,
  StaticBinaryResource,
  WatchedResource,
  TemplateDataResource,
  SimplePrompt,
  PromptWithArguments,
  PromptWithEmbeddedResource,
  PromptWithImage,
];

/** The fixture server, listening on a free loopback port without a token (the suite sends none). */
export async function startConformanceServer(): Promise<{ url: string; close(): Promise<void> }> {
  const container = new Container();
  for (const fixture of FIXTURE_CLASSES) container.bind(fixture).toSelf().inSingletonScope();
  container.bind(TOOL_SOURCE).toConstantValue(FIXTURE_SOURCE);
  container.load(agentkitModule());
  const executor = await container.getAsync(TOOL_EXECUTOR);
  let handle: HttpServeHandle;
  try {
    handle = await serveHttp(executor, {
      host: '127.0.0.1',
      port: 0,
      noAuth: true,
      content: servedContent(container),
    });
  } catch (error) {
    await container.unbindAllAsync();
    throw error;
  }
  return {
    url: handle.url,
    close: async () => {
      await handle.close(1_000);
      await container.unbindAllAsync();
    },
  };
}
