/** How `shell_exec` uses the OS sandbox: see `ShellToolOptions.sandbox`. */
export type ShellSandboxMode = 'auto' | 'required' | 'off';

export const SHELL_SANDBOX_MODES: readonly ShellSandboxMode[] = Object.freeze(['auto', 'required', 'off']);
