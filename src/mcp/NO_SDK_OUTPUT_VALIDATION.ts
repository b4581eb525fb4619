import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

/**
 * The SDK client's output-schema check, switched off: it would run the server's `pattern`
 * keywords on JavaScript's backtracking `RegExp` (a hostile server could freeze the host with
 * `"pattern": "^(a|a)*$"` and a matching result) and compile every output schema again at each
 * `tools/list` into one ajv instance that keeps them all. `McpRemoteTool` checks structured
 * content itself, on the linear-time engine, with the same rules (content required, schema matched).
 */
export const NO_SDK_OUTPUT_VALIDATION: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};
