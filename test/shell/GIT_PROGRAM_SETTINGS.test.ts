import { execFileSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import {
  buildGitKeyPattern,
  GIT_PROGRAM_SETTINGS,
  PROGRAM_NAMING_KEY,
} from '../../src/shell/parsing/GIT_PROGRAM_SETTINGS.js';
import { GIT_SAFETY_ENV } from '../../src/shell/running/GIT_SAFETY_ENV.js';

/** Every configuration key this machine's git documents (`git help --config`). */
function listGitKeys(): string[] {
  return execFileSync('git', ['help', '--config'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /^[A-Za-z][\w.<>*-]*$/u.test(line));
}

describe('GIT_PROGRAM_SETTINGS', () => {
  it('classifies every key git lists whose name suggests a program (a newer git is caught here)', () => {
    const keys = listGitKeys();
    const patterns = GIT_PROGRAM_SETTINGS.map((setting) => buildGitKeyPattern(setting.key));
    const unclassified = keys.filter(
      (key) => PROGRAM_NAMING_KEY.test(key) && !patterns.some((pattern) => pattern.test(key)),
    );

    expect({ listed: keys.length > 500, unclassified }).toStrictEqual({ listed: true, unclassified: [] });
  });

  it('keeps only classifications of keys git documents, or says which documentation page names them', () => {
    const keys = listGitKeys();
    const undocumented = GIT_PROGRAM_SETTINGS.filter(
      (setting) => !keys.some((key) => buildGitKeyPattern(setting.key).test(key)),
    ).map((setting) => setting.key);

    // documented outside `git help --config`: gitattributes, git-interpret-trailers, git-archive, git-credential, git-config
    expect(undocumented.sort()).toStrictEqual(
      [
        'credential.<url>.helper',
        'filter.<driver>.process',
        'tar.<format>.command',
        'trailer.<token>.cmd',
        'trailer.<token>.command',
      ].sort(),
    );
  });

  it('forces every forced key through the environment, after every configuration file', () => {
    const forced = GIT_PROGRAM_SETTINGS.flatMap((setting) =>
      setting.handling === 'forced' ? (setting.values ?? []) : [],
    );
    const count = Number(GIT_SAFETY_ENV['GIT_CONFIG_COUNT']);
    const set = Array.from({ length: count }, (_, index) => [
      GIT_SAFETY_ENV[`GIT_CONFIG_KEY_${String(index)}`],
      GIT_SAFETY_ENV[`GIT_CONFIG_VALUE_${String(index)}`],
    ]);

    expect(set).toStrictEqual(expect.arrayContaining(forced.map(([key, value]) => [key, value])));
    expect(forced).toStrictEqual(expect.arrayContaining([['gpg.ssh.defaultKeyCommand', 'false']]));
  });

  it.each([
    ['diff.<driver>.command', 'diff.x.command', true],
    ['diff.<driver>.command', 'diff.command', false],
    ['alias.*', 'alias.st', true],
    ['guitool.<name>.*', 'guitool.a.cmd', true],
    ['core.sshCommand', 'core.sshcommand', true],
    ['core.sshCommand', 'core.sshCommandX', false],
  ])('reads %j as a pattern: %j matches: %j', (key, name, matches) => {
    expect(buildGitKeyPattern(key).test(name)).toBe(matches);
  });
});
