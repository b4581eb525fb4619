import type { JsonValue, ModelContent } from '../../index.js';

/**
 * A Standard Schema with a JSON Schema converter (standardschema.dev): what the AI SDK accepts
 * as a tool's `inputSchema` besides its own `jsonSchema()`, so this entry loads nothing of `ai`.
 */
export interface StandardJsonSchema {
  /** The Standard Schema v1 properties: vendor, version and the JSON Schema converter. */
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
        | { readonly type: 'text'; readonly text: string }
        | {
            readonly type: 'file';
            readonly data: { readonly type: 'data'; readonly data: string };
            readonly mediaType: string;
          }
      )[];
    };

/**
 * One of our tools as a Vercel AI SDK (v7) tool: assignable to the SDK's `Tool` (and a record of
 * them to its `ToolSet`); the tests pass them to `generateText`.
 */
export interface AiSdkTool {
  /** The tool's description, for the model. */
  readonly description: string;
  /** The input's JSON Schema, as a Standard JSON Schema object. */
  readonly inputSchema: StandardJsonSchema;
  /** Whether the SDK's approval flow must ask first (the executor's check interrupted the call). */
  readonly needsApproval: (input: JsonValue, options: { readonly toolCallId: string }) => Promise<boolean>;
  /**
   * Runs the call through the executor and resolves to what the model reads; for a streaming
   * tool whose body already streams, an async iterable of preliminary results (the output so
   * far), the last one the final result.
   */
  readonly execute: (
    input: JsonValue,
    options: { readonly toolCallId: string; readonly abortSignal?: AbortSignal },
  ) => Promise<ModelContent> | AsyncIterable<ModelContent>;
  /** Turns what `execute` resolved to into the SDK's tool-result output. */
  readonly toModelOutput: (options: { readonly output: ModelContent }) => AiSdkToolResultOutput;
}
