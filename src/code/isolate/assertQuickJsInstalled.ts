import { createRequire } from 'node:module';
import { ToolConfigurationError } from '../../index.js';

/** The optional peers code mode runs scripts with. */
const PEERS = ['quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'] as const;

/**
 * Checks at start-up that code mode's optional peers are installed (it finds them, nothing is
 * loaded on this thread: the isolate worker loads them), naming the install line.
 */
export function assertQuickJsInstalled(): void {
  const require = createRequire(import.meta.url);
  const missing = PEERS.filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new ToolConfigurationError(
      `Code mode runs scripts in QuickJS compiled to WebAssembly, and ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not installed: install its two optional peers, \`npm install quickjs-emscripten-core@0.32 @jitl/quickjs-wasmfile-release-sync@0.32\`.`,
    );
  }
}
