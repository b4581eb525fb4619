import { type ExecutorObserver, ToolError } from '../../index.js';
import { detectSandbox } from './detectSandbox.js';
import { describeSandboxFailure, SANDBOX_INSTALL_HINT } from './resolveSandbox.js';
import type { ShellToolConfig } from '../config/ShellToolConfig.js';

/** The `sourceId` the observer hears it under, and the code of the process warning. */
export const UNCONFINED_SOURCE_ID = 'shell sandbox';
export const UNCONFINED_WARNING_CODE = 'AGENTKIT_SHELL_UNCONFINED';

/**
 * Says once, when `shell_exec` starts, that its commands will run without the OS sandbox
 * (`sandbox: 'auto'` where bubblewrap does not work): the observer hears
 * `onSourceError('shell sandbox', error)` (an `unavailable` `ToolError`, reason
 * `sandbox_unavailable`) and the process emits a warning (`AGENTKIT_SHELL_UNCONFINED`, printed
 * to stderr unless the host listens for `process.on('warning')`). Nothing confined becomes
 * unconfined silently; each call's `shell.exec` request says `sandboxed: false` as well.
 */
export function announceUnconfined(
  config: Pick<ShellToolConfig, 'sandbox' | 'bubblewrap'>,
  observer: ExecutorObserver | undefined,
): Promise<void> {
  if (config.sandbox !== 'auto') return Promise.resolve();
  return detectSandbox(config.bubblewrap).then((available) => {
    if (available) return;
    const error = new ToolError(
      'unavailable',
      `shell_exec runs commands without the OS sandbox: sandbox is 'auto' and ${describeSandboxFailure(config.bubblewrap)}. ` +
        'Commands can read what the host user can read and reach its sockets and network; every shell.exec request says sandboxed: false. ' +
        `${SANDBOX_INSTALL_HINT}, or configure shellTools({ sandbox: 'required' }) to refuse commands instead ('off' to run unconfined without this notice).`,
      { reason: 'sandbox_unavailable' },
    );
    process.emitWarning(error.message, { code: UNCONFINED_WARNING_CODE });
    try {
      observer?.onSourceError?.(UNCONFINED_SOURCE_ID, error);
    } catch {
      // An observer never changes what the tool does.
    }
  });
}
