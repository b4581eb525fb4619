import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { killProcessTree } from '../../src/shell/killProcessTree.js';

describe(killProcessTree.name, () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each([0, 1, -5, 1.5, process.pid])('never signals anything for the leader id %p', (leader) => {
    // Mocked: a real kill(-1) would signal every process on the machine.
    const kill = jest.spyOn(process, 'kill').mockImplementation(() => true);

    killProcessTree(leader, 'AGENTKIT_SHELL_RUN=test', 'SIGKILL');

    expect(kill).not.toHaveBeenCalled();
  });

  it("signals the leader's whole process group", () => {
    const kill = jest.spyOn(process, 'kill').mockImplementation(() => true);

    killProcessTree(4_000_000, 'AGENTKIT_SHELL_RUN=no-such-run', 'SIGTERM', true);

    expect(kill.mock.calls).toStrictEqual([[-4_000_000, 'SIGTERM']]);
  });
});
