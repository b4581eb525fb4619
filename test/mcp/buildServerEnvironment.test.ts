import { describe, expect, it } from '@jest/globals';
import { buildServerEnvironment } from '../../src/mcp/buildServerEnvironment.js';

describe(buildServerEnvironment.name, () => {
  it('takes only allow-listed names, drops secret-looking ones, and adds the configured env', () => {
    const source = {
      PATH: '/bin',
      HOME: '/h',
      LC_ALL: 'C',
      LC_AUTH_TOKEN: 'x',
      AWS_SECRET_ACCESS_KEY: 'y',
      NODE_OPTIONS: '--inspect',
      OTHER: 'z',
    };

    expect(buildServerEnvironment(source, { GITHUB_TOKEN: 'configured' })).toStrictEqual({
      PATH: '/bin',
      HOME: '/h',
      LC_ALL: 'C',
      GITHUB_TOKEN: 'configured',
    });
  });
});
