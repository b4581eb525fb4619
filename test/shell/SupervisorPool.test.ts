import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findBubblewrap } from '../../src/shell/sandbox/detectSandbox.js';
import { readElfInterpreter } from '../../src/shell/warm/readElfInterpreter.js';
import { SUPERVISOR_NAME } from '../../src/shell/warm/SandboxSupervisor.js';
import { SupervisorPool } from '../../src/shell/warm/SupervisorPool.js';
import { checkSandbox } from './fixtures/checkSandbox.js';
import { findOwnProcesses } from './fixtures/findOwnProcesses.js';

/** This process's supervisors (node run through the loader copy; not the bubblewrap processes around them). */
function findSupervisors(): number[] {
  return findOwnProcesses(SUPERVISOR_NAME).filter((pid) =>
    readFileSync(`/proc/${pid}/cmdline`, 'latin1').startsWith('/dev/'),
  );
}

describe(SupervisorPool.name, () => {
  let roots: string[];

  beforeAll(async () => {
    if (!(await checkSandbox('SupervisorPool')))
      throw new Error('SupervisorPool needs a working bubblewrap here (apt-get install -y bubblewrap)');
    roots = await Promise.all(
      [1, 2].map(async () => realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-pool-')))),
    );
  });

  afterAll(async () => {
    await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
  });

  describe('.acquire', () => {
    it('keeps at most `max` supervisors over all layouts: a new layout takes the place of an idle one', async () => {
      const pool = new SupervisorPool({
        bubblewrap: findBubblewrap() as string,
        loader: readElfInterpreter(process.execPath) as string,
        max: 1,
      });
      // Other files run in this worker may have left theirs (their containers were not closed).
      const others = new Set(findSupervisors());
      const countSupervisors = (): number => findSupervisors().filter((pid) => !others.has(pid)).length;
      const layout = (root: string) => ({
        roots: [{ path: root, mode: 'read_write' as const }],
        cwd: root,
        network: false,
      });
      try {
        const first = await pool.acquire(layout(roots[0] as string));
        first?.release();
        const before = countSupervisors();
        const second = await pool.acquire(layout(roots[1] as string));
        second?.release();
        await pool.started();

        expect([first?.state, second?.state, before, countSupervisors(), pool.counts]).toStrictEqual([
          'dead',
          'idle',
          1,
          1,
          { warm: 2, cold: 0 },
        ]);
      } finally {
        await pool.close();
      }

      expect(findSupervisors().filter((pid) => !others.has(pid))).toStrictEqual([]);
    });
  });
});
