import { readFile, stat } from 'node:fs/promises';
import { ServeArgsError, type ServeArgs } from './parseServeArgs.js';

/** The environment variable `serve --http` reads its bearer token from. */
export const TOKEN_ENV = 'AGENTKIT_SERVE_TOKEN';

function describeFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return error instanceof Error ? error.message : String(error);
}

/**
 * The bearer token for `serve --http`: the first line of `--token-file` (its trailing newline
 * dropped) or `$AGENTKIT_SERVE_TOKEN`, never both. A token file others can read still works,
 * with a warning through `warn` (a mounted secret is often 0644), since the token is only as
 * secret as that file. `undefined` when neither is given (`--no-auth`, or refused later).
 */
export async function readServeToken(
  args: Pick<ServeArgs, 'tokenFile'>,
  env: NodeJS.ProcessEnv,
  warn: (line: string) => void,
): Promise<string | undefined> {
  const fromEnv = env[TOKEN_ENV];
  if (args.tokenFile === undefined) return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  if (fromEnv !== undefined && fromEnv !== '')
    throw new ServeArgsError(`Give the token one way: both --token-file and $${TOKEN_ENV} are set.`);
  let text: string;
  try {
    const { mode } = await stat(args.tokenFile);
    text = await readFile(args.tokenFile, 'utf8');
    if ((mode & 0o077) !== 0) {
      warn(
        `warning: the token file ${args.tokenFile} can be read by others than its owner (mode ${(mode & 0o777).toString(8)}); chmod 600 it.`,
      );
    }
  } catch (error) {
    throw new Error(`Cannot read --token-file ${args.tokenFile}: ${describeFailure(error)}.`);
  }
  const token = text.replace(/\r?\n$/u, '');
  if (token === '' || token.includes('\n'))
    throw new Error(
      `--token-file ${args.tokenFile} must hold the token on one line; ${token === '' ? 'it is empty' : 'it has several lines'}.`,
    );
  return token;
}
