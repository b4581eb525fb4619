import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIN_HELP, parseCommandLine, SERVE_HELP } from '../../src/bin/parseCommandLine.js';
import { ServeArgsError } from '../../src/bin/parseServeArgs.js';

const { version } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

describe('parseCommandLine', () => {
  it.each([['--help'], ['-h'], ['help']])("prints the bin's help for %s", (flag) => {
    expect(parseCommandLine([flag])).toStrictEqual({ print: MAIN_HELP });
  });

  it.each([['--version'], ['-v'], ['-V'], ['serve', '--version']])('prints the package version for %s', (...argv) => {
    expect(parseCommandLine(argv)).toStrictEqual({ print: version });
  });

  it.each([
    ['serve', '--help'],
    ['serve', '--root', '.', '-h'],
    ['help', 'serve'],
  ])('prints the serve help for %j, without requiring --root', (...argv) => {
    expect(parseCommandLine(argv)).toStrictEqual({ print: SERVE_HELP });
    expect(SERVE_HELP).toContain('--policy <file>');
    expect(SERVE_HELP).toContain('agentkit-tools-core/policy.schema.json');
  });

  it('runs serve otherwise, and names what is wrong with the command line', () => {
    expect(parseCommandLine(['serve', '--root', '/tmp'])).toMatchObject({ serve: { root: '/tmp', shell: false } });
    expect(() => parseCommandLine([])).toThrow(
      new ServeArgsError('Give a command (agentkit-tools --help lists them).'),
    );
    expect(() => parseCommandLine(['help', 'serv'])).toThrow(
      new ServeArgsError('Unknown command "serv" (agentkit-tools --help lists them).'),
    );
    expect(() => parseCommandLine(['serve', '--hepl'])).toThrow(new ServeArgsError('Unknown option "--hepl".'));
  });
});
