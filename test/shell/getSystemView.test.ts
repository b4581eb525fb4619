import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSandboxArgs } from '../../src/shell/sandbox/buildSandboxArgs.js';
import { findBubblewrap } from '../../src/shell/sandbox/detectSandbox.js';
import { buildSystemView } from '../../src/shell/sandbox/getSystemView.js';
import { checkSandbox } from './fixtures/checkSandbox.js';

describe(buildSystemView.name, () => {
  /** A Node.js installed outside /usr, as nvm or a tarball under /opt would: <prefix>/bin/node, <prefix>/lib/node_modules. */
  let prefix: string;

  beforeAll(async () => {
    prefix = realpathSync(await mkdtemp('/var/tmp/agentkit-node-'));
    mkdirSync(path.join(prefix, 'bin'));
    mkdirSync(path.join(prefix, 'lib', 'node_modules', 'npm'), { recursive: true });
    writeFileSync(path.join(prefix, 'lib', 'node_modules', 'npm', 'package.json'), '{}');
    writeFileSync(path.join(prefix, 'beside.txt'), 'not in the view');
    const node = path.join(prefix, 'bin', 'node');
    try {
      linkSync(realpathSync(process.execPath), node);
    } catch {
      copyFileSync(realpathSync(process.execPath), node); // another filesystem
    }
  });

  afterAll(async () => {
    await rm(prefix, { recursive: true, force: true });
  });

  it("shows the host's Node.js installed outside /usr (its bin and lib/node_modules), and nothing beside it", async () => {
    const available = await checkSandbox('the sandbox view of Node.js');
    const view = buildSystemView(path.join(prefix, 'bin', 'node'));
    const script = `const fs = require('fs'); console.log(fs.readdirSync(${JSON.stringify(prefix)}).join(), fs.readdirSync(${JSON.stringify(path.join(prefix, 'lib', 'node_modules'))}).join())`;
    const args = [
      ...buildSandboxArgs({ roots: [], cwd: '/', network: false }, view),
      '--',
      path.join(prefix, 'bin', 'node'),
      '-e',
      script,
    ];

    expect(view.visible.slice(-2)).toStrictEqual([path.join(prefix, 'bin'), path.join(prefix, 'lib', 'node_modules')]);
    const seen = available ? (await promisify(execFile)(findBubblewrap() ?? 'bwrap', args)).stdout : 'no sandbox here';

    expect(seen).toBe(available ? 'bin,lib npm\n' : 'no sandbox here');
  });

  it('adds nothing for a Node.js under the system directories', () => {
    expect(
      buildSystemView('/usr/bin/env').visible.every(
        (entry) => ['/usr', '/bin', '/sbin', '/etc'].includes(entry) || entry.startsWith('/lib'),
      ),
    ).toBe(true);
  });
});
