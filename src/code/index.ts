/**
 * Code mode: `code_run`, a tool whose input is a script that calls the other tools, each call
 * under the executor's checks, run in a QuickJS isolate compiled to WebAssembly.
 *
 * @packageDocumentation
 */
export { codeTools } from './codeTools.js';
export type { CodeToolOptions } from './CodeToolOptions.js';
export { CODE_RUN_DEFAULTS } from './CODE_RUN_DEFAULTS.js';
export type { CodeRunResult } from './CodeRunResult.js';
export { CODE_ERROR_REASONS, type CodeErrorReason } from './CodeErrorReason.js';
export { CodeRunPermissionRequest } from './CodeRunPermissionRequest.js';
