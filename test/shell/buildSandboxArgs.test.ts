import { describe, expect, it } from '@jest/globals';
import { buildSandboxArgs, SANDBOX_HOME } from '../../src/shell/sandbox/buildSandboxArgs.js';
import type { SystemView } from '../../src/shell/sandbox/getSystemView.js';

const SYSTEM: SystemView = {
  args: ['--ro-bind', '/usr', '/usr'],
  secrets: { files: [], directories: [] },
  networkArgs: [],
  visible: ['/usr'],
};

/** The mounts after the system part, up to the namespace flags, as [option, ...operands] groups. */
function getMounts(args: readonly string[]): string[] {
  const end = args.indexOf('--unshare-pid');
  return args
    .slice(SYSTEM.args.length, end)
    .join(' ')
    .split(/ (?=--)/u);
}

describe(buildSandboxArgs.name, () => {
  it('makes HOME in the private /tmp, before the readable paths and the roots (outer before inner)', () => {
    const layout = {
      roots: [
        { path: '/tmp/a/b', mode: 'read_only' as const },
        { path: '/tmp/a', mode: 'read_write' as const },
      ],
      cwd: '/tmp/a',
      network: false,
      readable: ['/opt/x'],
    };

    expect(getMounts(buildSandboxArgs(layout, SYSTEM))).toStrictEqual([
      '--dev /dev',
      '--proc /proc',
      '--tmpfs /tmp',
      '--tmpfs /run',
      `--dir ${SANDBOX_HOME}`,
      '--ro-bind /opt/x /opt/x',
      '--bind /tmp/a /tmp/a',
      '--ro-bind /tmp/a/b /tmp/a/b',
    ]);
  });

  it("mounts a private HOME over a root that holds it (the host's /tmp), never the host's /tmp/home", () => {
    const mounts = getMounts(
      buildSandboxArgs({ roots: [{ path: '/tmp', mode: 'read_write' }], cwd: '/tmp', network: false }, SYSTEM),
    );

    expect(mounts.slice(-2)).toStrictEqual(['--bind /tmp /tmp', `--tmpfs ${SANDBOX_HOME}`]);
    expect(mounts).not.toContain(`--dir ${SANDBOX_HOME}`);
  });

  it('lets a root inside HOME show there', () => {
    const mounts = getMounts(
      buildSandboxArgs(
        { roots: [{ path: `${SANDBOX_HOME}/project`, mode: 'read_write' }], cwd: '/', network: false },
        SYSTEM,
      ),
    );

    expect(mounts.slice(-2)).toStrictEqual([
      `--dir ${SANDBOX_HOME}`,
      `--bind ${SANDBOX_HOME}/project ${SANDBOX_HOME}/project`,
    ]);
  });
});
