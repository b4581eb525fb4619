import type { JsonObject } from '../index.js';

/** One function declaration for Gemini (the SDK's `FunctionDeclaration`, JSON Schema form). */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parametersJsonSchema: JsonObject;
  readonly responseJsonSchema?: JsonObject;
}

/** A Gemini `Tool` holding function declarations (the SDK's `Tool`). */
export interface GeminiTool {
  readonly functionDeclarations: GeminiFunctionDeclaration[];
}
