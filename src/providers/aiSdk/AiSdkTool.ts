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

/**
 * The major versions of the Vercel AI SDK (`ai`) the bridge is typed and tested against. They
 * differ in one place that matters here: how a tool result hands the model an image. ai 7 still
 * takes ai 6's shape, so what fits 6 fits both.
 */
export type AiSdkVersion = 6 | 7;

/**
 * An image in a tool result, by the `ai` major version it is written for: ai 6's `file-data`
 * part (which ai 7 accepts too, converting it and reporting it once per process as deprecated),
 * or ai 7's own `file` part.
 */
export interface AiSdkFileOutputs {
  /** ai 6's part, taken by ai 6 and ai 7. */
  readonly 6: { readonly type: 'file-data'; readonly data: string; readonly mediaType: string };
  /** ai 7's part. */
  readonly 7: {
    readonly type: 'file';
    readonly data: { readonly type: 'data'; readonly data: string };
    readonly mediaType: string;
  };
}

/**
 * What the AI SDK sends the model for one of our results: a subset of the SDK's
 * `ToolResultOutput` of `ai` `Version` and later (by default 6: both ai 6 and ai 7).
 */
export type AiSdkToolResultOutput<Version extends AiSdkVersion = 6> =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'error-text'; readonly value: string }
  | {
      readonly type: 'content';
      readonly value: ({ readonly type: 'text'; readonly text: string } | AiSdkFileOutputs[Version])[];
    };

/**
 * One of our tools as a Vercel AI SDK tool: assignable to the SDK's `Tool` (and a record of them
 * to its `ToolSet`) of `ai` `Version` and later, by default 6: both ai 6 and ai 7 (the tests
 * type-check it against both and pass it to both `generateText`s).
 */
export interface AiSdkTool<Version extends AiSdkVersion = 6> {
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
  readonly toModelOutput: (options: { readonly output: ModelContent }) => AiSdkToolResultOutput<Version>;
}
