/**
 * Jest test order: the files known to run longest start first.
 *
 * Why: jest orders files by the durations of the previous run, kept in its cache directory. CI
 * starts with no cache, and jest then falls back to file size, which says little here: the
 * packed-package test is small but builds, packs and installs the package. A long file that
 * starts last keeps one worker busy while the other has nothing left to do. With timings from a
 * previous run (a warm cache), jest's own order is kept.
 *
 * The list comes from per-file durations of a full run (`npm run jest -- --json`), longest
 * first. A stale entry costs nothing but its place in the order.
 */
import TestSequencer from '@jest/test-sequencer';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LONGEST_FIRST = [
  'test/packaging/packedPackage.test.ts',
  'test/stores/FileApprovalStore.processes.test.ts',
  'test/mcp/mcpServers.lifecycle.test.ts',
  'test/demo/demo.test.ts',
  'test/fs/gitIgnore.property.test.ts',
  'test/samples/08-agent-loop.test.ts',
  'test/mcp/agentkitToolsServe.test.ts',
  'test/mcp/remotePatterns.test.ts',
  'test/shell/ShellExecTool.process.test.ts',
  'test/mcp/serveTools.modelText.test.ts',
  'test/fs/grepPatterns.test.ts',
].map((file) => path.join(ROOT, file));

export default class SlowFirstSequencer extends TestSequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    const rank = (test) => {
      const index = LONGEST_FIRST.indexOf(test.path);
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keeps jest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
