import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GIT_SAFETY_ENV } from '../../src/shell/running/GIT_SAFETY_ENV.js';
import { isStartupVariable } from '../../src/shell/index.js';
import { buildHostEnvironment, isSecretName } from '../../src/internal/index.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

const SOURCE: NodeJS.ProcessEnv = {
  PATH: '/usr/bin',
  HOME: '/home/ada',
  LANG: 'C.UTF-8',
  LC_ALL: 'C',
  LC_AUTH_HINT: 'looks secret',
  EDITOR: 'vi',
  GITHUB_TOKEN: 'ghp_secret',
  AWS_REGION: 'eu-west-1',
  AWS_SECRET_ACCESS_KEY: 'aws-secret',
  NPM_TOKEN: 'npm-secret',
  LD_PRELOAD: '/tmp/evil.so',
};

describe(buildHostEnvironment.name, () => {
  it('starts from the allow-list, never the whole environment', () => {
    expect(buildHostEnvironment(SOURCE)).toStrictEqual({
      PATH: '/usr/bin',
      HOME: '/home/ada',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
    });
  });

  it('adds names and prefixes the host lists, dropping secrets it does not name exactly', () => {
    expect(buildHostEnvironment(SOURCE, { inherit: ['EDITOR', 'AWS_*', 'NPM_TOKEN'] })).toStrictEqual({
      PATH: '/usr/bin',
      HOME: '/home/ada',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      EDITOR: 'vi',
      AWS_REGION: 'eu-west-1',
      NPM_TOKEN: 'npm-secret',
    });
  });

  it('adds fixed values last', () => {
    expect(buildHostEnvironment({ PATH: '/usr/bin' }, { set: { CI: '1', PATH: '/opt/bin' } })).toStrictEqual({
      PATH: '/opt/bin',
      CI: '1',
    });
  });
});

describe(isSecretName.name, () => {
  it.each([
    ['GITHUB_TOKEN', true],
    ['my_api_key', true],
    ['DB_PASSWORD', true],
    ['OAUTH_CLIENT', true],
    ['GOOGLE_APPLICATION_CREDENTIALS', true],
    ['PATH', false],
    ['LANG', false],
  ])('%s -> %s', (name, expected) => {
    expect(isSecretName(name)).toBe(expected);
  });
});

describe(isStartupVariable.name, () => {
  it.each([
    ['LD_PRELOAD', true],
    ['LD_LIBRARY_PATH', true],
    ['DYLD_INSERT_LIBRARIES', true],
    ['NODE_OPTIONS', true],
    ['BASH_ENV', true],
    ['ENV', true],
    ['PROMPT_COMMAND', true],
    ['GIT_SSH_COMMAND', true],
    ['PATH', true],
    ['SHELLOPTS', true],
    ['PS4', true],
    ['npm_config_script_shell', true],
    ['PYTHONSTARTUP', true],
    ['FOO', false],
    ['LANG', false],
    ['CI', false],
  ])('%s -> %s', (name, expected) => {
    expect(isStartupVariable(name)).toBe(expected);
  });
});

describe('shell_exec environment', () => {
  let shell: ShellHarness;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env['AGENTKIT_TEST_API_TOKEN'] = 'parent-secret';
    process.env['AGENTKIT_TEST_PLAIN'] = 'parent-plain';
    process.env['AGENTKIT_TEST_NAMED_SECRET'] = 'named-secret';
    shell = await createShellHarness({
      shell: { env: { inherit: ['AGENTKIT_TEST_NAMED_SECRET'], set: { FIXED: 'yes' } } },
    });
  });

  afterAll(async () => {
    process.env = saved;
    await shell.close();
  });

  it('gives commands the allow-listed environment only: no parent secrets, no unlisted names', async () => {
    const stdout = getShellValue(await shell.run({ argv: ['env'] })).stdout as string;
    const names = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(0, line.indexOf('=')));

    expect(stdout).not.toContain('parent-secret');
    expect(stdout).not.toContain('parent-plain');
    expect(stdout).toContain('AGENTKIT_TEST_NAMED_SECRET=named-secret');
    expect(stdout).toContain('FIXED=yes');
    // The git settings forced off (GIT_SAFETY_ENV); PWD, the working directory, is set by bubblewrap.
    const allowed = [
      'PATH',
      'HOME',
      'USER',
      'LOGNAME',
      'SHELL',
      'TERM',
      'LANG',
      'TMPDIR',
      'AGENTKIT_TEST_NAMED_SECRET',
      'FIXED',
      'AGENTKIT_SHELL_RUN',
      'PWD',
      ...Object.keys(GIT_SAFETY_ENV),
    ];
    expect(names.filter((name) => !allowed.includes(name) && !name.startsWith('LC_'))).toStrictEqual([]);
  });

  it('passes the variables the model sets', async () => {
    expect(getShellValue(await shell.run({ command: 'echo "$GREETING"', env: { GREETING: 'hello' } })).stdout).toBe(
      'hello\n',
    );
  });
});
