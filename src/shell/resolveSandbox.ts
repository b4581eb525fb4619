import { ToolError } from '../index.js';
import { detectSandbox } from './detectSandbox.js';
import type { ShellToolConfig } from './ShellToolConfig.js';

/**
 * Whether this call runs in the OS sandbox: never with `sandbox: 'off'`, when it works here
 * with `'auto'`, and with `'required'` always, or not at all (`unavailable`, before anything
 * runs).
 */
export async function resolveSandbox(config: Pick<ShellToolConfig, 'sandbox' | 'bubblewrap'>): Promise<boolean> {
  if (config.sandbox === 'off') return false;
  const available = await detectSandbox(config.bubblewrap);
  if (!available && config.sandbox === 'required') {
    const cause = config.bubblewrap === undefined ? 'bubblewrap (bwrap) is not installed' : `${config.bubblewrap} cannot create the namespaces it needs here`;
    throw new ToolError(
      'unavailable',
      `shell_exec is configured with sandbox: 'required', but ${cause}, so nothing was run. ` +
        "Install it (Debian/Ubuntu: `apt-get install -y bubblewrap`; Fedora: `dnf install bubblewrap`), allow unprivileged user namespaces, or configure shellTools({ sandbox: 'auto' }).",
      { reason: 'sandbox_unavailable' },
    );
  }
  return available;
}
