import type { ServiceIdentifier } from 'inversify';
import type { ShellToolConfig } from './ShellToolConfig.js';

/** The container token of the shell tools' configuration (bound by `shellTools`). */
export const SHELL_TOOL_CONFIG: ServiceIdentifier<ShellToolConfig> = Symbol.for('agentkit-tools-core/ShellToolConfig');
