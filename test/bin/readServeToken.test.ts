import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ServeArgsError } from '../../src/bin/parseServeArgs.js';
import { readServeToken, TOKEN_ENV } from '../../src/bin/readServeToken.js';

describe(readServeToken.name, () => {
  let dir: string;
  const warnings: string[] = [];
  const warn = (line: string): void => {
    warnings.push(line);
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agentkit-token-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes the token from the environment when no file is given; an empty variable is none', async () => {
    await expect(readServeToken({ tokenFile: undefined }, { [TOKEN_ENV]: 'from-env-0123456789' }, warn)).resolves.toBe(
      'from-env-0123456789',
    );
    await expect(readServeToken({ tokenFile: undefined }, { [TOKEN_ENV]: '' }, warn)).resolves.toBeUndefined();
    await expect(readServeToken({ tokenFile: undefined }, {}, warn)).resolves.toBeUndefined();
  });

  it('reads the first line of an owner-only file, silently', async () => {
    const file = path.join(dir, 'private');
    await writeFile(file, 'from-file-0123456789\n', { mode: 0o600 });
    warnings.length = 0;

    await expect(readServeToken({ tokenFile: file }, {}, warn)).resolves.toBe('from-file-0123456789');
    expect(warnings).toStrictEqual([]);
  });

  it('warns when others than the owner can read the file, and still uses it', async () => {
    const file = path.join(dir, 'shared');
    await writeFile(file, 'shared-0123456789');
    await chmod(file, 0o640);
    warnings.length = 0;

    await expect(readServeToken({ tokenFile: file }, {}, warn)).resolves.toBe('shared-0123456789');
    expect(warnings).toStrictEqual([
      `warning: the token file ${file} can be read by others than its owner (mode 640); chmod 600 it.`,
    ]);
  });

  it('refuses a token given both ways', async () => {
    await expect(readServeToken({ tokenFile: path.join(dir, 'private') }, { [TOKEN_ENV]: 'x' }, warn)).rejects.toThrow(
      new ServeArgsError(`Give the token one way: both --token-file and $${TOKEN_ENV} are set.`),
    );
  });

  it('says why a file cannot be used: missing, a directory, empty, several lines', async () => {
    const empty = path.join(dir, 'empty');
    const lines = path.join(dir, 'lines');
    await writeFile(empty, '\n', { mode: 0o600 });
    await writeFile(lines, 'a\nb\n', { mode: 0o600 });

    await expect(readServeToken({ tokenFile: path.join(dir, 'nope') }, {}, warn)).rejects.toThrow(
      `Cannot read --token-file ${path.join(dir, 'nope')}: no such file.`,
    );
    await expect(readServeToken({ tokenFile: dir }, {}, warn)).rejects.toThrow(
      `Cannot read --token-file ${dir}: it is a directory.`,
    );
    await expect(readServeToken({ tokenFile: empty }, {}, warn)).rejects.toThrow(
      `--token-file ${empty} must hold the token on one line; it is empty.`,
    );
    await expect(readServeToken({ tokenFile: lines }, {}, warn)).rejects.toThrow(
      `--token-file ${lines} must hold the token on one line; it has several lines.`,
    );
  });
});
