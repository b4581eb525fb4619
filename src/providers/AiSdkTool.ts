import type { JsonValue, ModelContent } from '../index.js';

/**
 * A Standard Schema with a JSON Schema converter (standardschema.dev): what the AI SDK accepts
 * as a tool's `inputSchema` besides its own `jsonSchema()`, so this entry loads nothing of `ai`.
 */
export interface StandardJsonSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { readonly value: JsonValue };
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** What the AI SDK sends the model for one of our results (a subset of the SDK's `ToolResultOutput`). */
export type AiSdkToolResultOutput =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'error-text'; readonly value: string }
  | {
      readonly type: 'content';
      readonly value: (
        { readonly type: 'text'; readonly text: string } | { readonly type: 'file'; readonly data: { readonly type: 'data'; readonly data: string }; readonly mediaType: string }
      )[];
    };

/**
 * One of our tools as a Vercel AI SDK (v7) tool: assignable to the SDK's `Tool` (and a record of
 * them to its `ToolSet`); the tests pass them to `generateText`.
 */
export interface AiSdkTool {
  readonly description: string;
  readonly inputSchema: StandardJsonSchema;
  readonly needsApproval: (input: JsonValue, options: { readonly toolCallId: string }) => Promise<boolean>;
  readonly execute: (input: JsonValue, options: { readonly toolCallId: string; readonly abortSignal?: AbortSignal }) => Promise<ModelContent>;
  readonly toModelOutput: (options: { readonly output: ModelContent }) => AiSdkToolResultOutput;
}
