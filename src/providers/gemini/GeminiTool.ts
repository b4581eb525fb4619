import type { JsonObject } from '../../index.js';

/** One function declaration for Gemini (the SDK's `FunctionDeclaration`, JSON Schema form). */
export interface GeminiFunctionDeclaration {
  /** The provider-safe tool name. */
  readonly name: string;
  /** The tool's description. */
  readonly description: string;
  /** The input's JSON Schema. */
  readonly parametersJsonSchema: JsonObject;
  /** The output's JSON Schema, when the tool declares one. */
  readonly responseJsonSchema?: JsonObject;
}

/** A Gemini `Tool` holding function declarations (the SDK's `Tool`). */
export interface GeminiTool {
  /** One declaration per tool. */
  readonly functionDeclarations: GeminiFunctionDeclaration[];
}
