/**
 * `node --expose-gc --import @swc-node/register/esm-register bench/load/servedBin.ts serve ...`:
 * the package bin from source, exactly as `agentkit-tools serve ...` (it reads the arguments
 * after this file's path), plus one thing the load run needs from outside: on the IPC message
 * `'reading'` it runs a full GC and answers `{ heapMb }` (another process's heap cannot be read
 * from /proc). The channel is unref'd, so it never keeps the server alive after SIGTERM.
 */
process.channel?.unref();
process.on('message', (message) => {
  if (message !== 'reading') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ heapMb: process.memoryUsage().heapUsed / 2 ** 20 });
});
await import('../../src/bin/agentkit-tools.js');
