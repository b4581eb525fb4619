import 'reflect-metadata';

export { shellTools } from './shellTools.js';
export type { ShellEnvOptions, ShellToolOptions } from './ShellToolOptions.js';
export type { ShellSandboxMode } from './ShellSandboxMode.js';
export type { ShellSandboxOptions } from './ShellSandboxOptions.js';
export { SHELL_EXEC_INPUT_SCHEMA, type ShellExecInput } from './ShellExecInput.js';
export { SHELL_EXEC_OUTPUT_SCHEMA, type ShellExecResult } from './ShellExecResult.js';
export { SHELL_EXEC_DEFAULTS } from './SHELL_EXEC_DEFAULTS.js';
export { ShellPermissionRequest, type ShellPermissionFacts } from './ShellPermissionRequest.js';
export { ShellRedirectPermissionRequest } from './ShellRedirectPermissionRequest.js';
export { ShellProgramWritePermissionRequest } from './ShellProgramWritePermissionRequest.js';
export { SHELL_RISKS, type ShellRisk } from './SHELL_RISKS.js';
export { parseShellCommand } from './parseShellCommand.js';
export type { CommandLineAnalysis, OutputRedirection } from './CommandLineAnalysis.js';
export type { ShellWord } from './ShellWord.js';
export type { ProgramWrite } from './findWriteTargets.js';
export { isStartupVariable } from './assertModelEnvironment.js';
export { SHELL_ERROR_REASONS, type ShellErrorReason } from './ShellErrorReason.js';
