import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findEtcSecrets } from '../../src/shell/sandbox/findEtcSecrets.js';

describe(findEtcSecrets.name, () => {
  let etc: string;
  let server: net.Server;

  beforeAll(async () => {
    etc = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-etc-')));
    const file = (name: string, mode = 0o644): void => {
      mkdirSync(path.dirname(path.join(etc, name)), { recursive: true });
      writeFileSync(path.join(etc, name), name);
      chmodSync(path.join(etc, name), mode);
    };
    // Named secrets, masked even when their mode says anyone may read them.
    file('shadow');
    file('gshadow-');
    file('sudoers', 0o440);
    file('sudoers.d/admins');
    file('ssh/ssh_host_ed25519_key');
    file('machine-id', 0o444);
    // Needed, and public.
    file('passwd');
    file('ssh/ssh_host_ed25519_key.pub');
    file('ssh/ssh_config');
    file('gitconfig');
    // Hidden by their mode.
    file('postgresql/pg_hba.conf', 0o640);
    file('private-dir/inner.conf');
    chmodSync(path.join(etc, 'private-dir'), 0o750);
    file('listable-only/x.conf');
    chmodSync(path.join(etc, 'listable-only'), 0o754);
    // A socket and a FIFO reach or block on something outside; a link is masked where it leads.
    server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(etc, 'daemon.sock'), resolve));
    execFileSync('mkfifo', [path.join(etc, 'pipe')]);
    symlinkSync('shadow', path.join(etc, 'shadow-link'));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(etc, { recursive: true, force: true });
  });

  it('masks the named secrets, what only root or a group may read, sockets and FIFOs, and nothing else', () => {
    const found = findEtcSecrets(etc);
    const relative = (paths: readonly string[]): string[] => paths.map((entry) => path.relative(etc, entry)).sort();

    expect({ files: relative(found.files), directories: relative(found.directories) }).toStrictEqual({
      files: [
        'daemon.sock',
        'gshadow-',
        'machine-id',
        'pipe',
        'postgresql/pg_hba.conf',
        'shadow',
        'ssh/ssh_host_ed25519_key',
        'sudoers',
      ],
      directories: ['listable-only', 'private-dir', 'sudoers.d'],
    });
  });
});
