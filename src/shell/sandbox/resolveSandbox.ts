import { ToolError } from '../../index.js';
import { detectSandbox } from './detectSandbox.js';
import type { ShellToolConfig } from '../config/ShellToolConfig.js';

/** Why bubblewrap cannot confine commands here, for messages. */
export function describeSandboxFailure(bubblewrap: string | undefined): string {
  return bubblewrap === undefined
    ? 'bubblewrap (bwrap) is not installed'
    : `${bubblewrap} cannot create the namespaces it needs here`;
}

/** How to get the sandbox working, for messages. */
export const SANDBOX_INSTALL_HINT =
  'Install it (Debian/Ubuntu: `apt-get install -y bubblewrap`; Fedora: `dnf install bubblewrap`) and allow unprivileged user namespaces';

/**
 * Whether this call runs in the OS sandbox: never with `sandbox: 'off'`, when it works here
 * with `'auto'`, and with `'required'` always, or not at all (`unavailable`, before anything
 * runs).
 */
export async function resolveSandbox(config: Pick<ShellToolConfig, 'sandbox' | 'bubblewrap'>): Promise<boolean> {
  if (config.sandbox === 'off') return false;
  const available = await detectSandbox(config.bubblewrap);
  if (!available && config.sandbox === 'required') {
    throw new ToolError(
      'unavailable',
      `shell_exec is configured with sandbox: 'required', but ${describeSandboxFailure(config.bubblewrap)}, so nothing was run. ` +
        `${SANDBOX_INSTALL_HINT}, or configure shellTools({ sandbox: 'auto' }).`,
      { reason: 'sandbox_unavailable' },
    );
  }
  return available;
}
