import { superviseSandbox } from './superviseSandbox.js';

/**
 * What `node -e` runs inside the sandbox: {@link superviseSandbox}'s own source, called with the
 * modules it needs. Passed as an argument, so the supervisor needs no file of this package to
 * be visible in the sandbox's view (only the node executable).
 */
export const SUPERVISOR_SOURCE = `(${superviseSandbox.toString()})(require('node:child_process'), require('node:fs'), process);`;
