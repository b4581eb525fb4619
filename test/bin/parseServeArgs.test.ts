import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { parseListenAddress, parseServeArgs, ServeArgsError } from '../../src/bin/parseServeArgs.js';

describe(parseServeArgs.name, () => {
  it('reads the stdio form as before, paths resolved against the working directory', () => {
    expect(parseServeArgs(['serve', '--root', 'some/dir', '--shell'])).toStrictEqual({
      root: path.resolve('some/dir'),
      shell: true,
      policy: undefined,
      http: undefined,
      tokenFile: undefined,
      noAuth: false,
      shutdownGraceMs: undefined,
      approvalStore: undefined,
      maxSessions: undefined,
      maxApprovals: undefined,
      publicUrl: undefined,
      jsonResponse: false,
      modules: [],
    });
  });

  it('reads every --http flag', () => {
    expect(
      parseServeArgs([
        'serve',
        '--root',
        '/r',
        '--http',
        '127.0.0.1:0',
        '--token-file',
        'tok',
        '--shutdown-grace-ms',
        '2500',
        '--approval-store',
        'redis://127.0.0.1:6379',
      ]),
    ).toStrictEqual({
      root: '/r',
      shell: false,
      policy: undefined,
      http: { host: '127.0.0.1', port: 0 },
      tokenFile: path.resolve('tok'),
      noAuth: false,
      shutdownGraceMs: 2500,
      approvalStore: 'redis://127.0.0.1:6379',
      maxSessions: undefined,
      maxApprovals: undefined,
      publicUrl: undefined,
      jsonResponse: false,
      modules: [],
    });
  });

  it('reads the approval page origin and JSON-response mode', () => {
    expect(
      parseServeArgs([
        'serve',
        '--root',
        '/r',
        '--http',
        '127.0.0.1:0',
        '--public-url',
        'https://tools.example.com',
        '--json-response',
      ]),
    ).toMatchObject({ publicUrl: 'https://tools.example.com', jsonResponse: true });
  });

  it('reads every --module in order, resolved against the working directory, over stdio and HTTP alike', () => {
    expect(parseServeArgs(['serve', '--root', '/r', '--module', 'dist/a.js', '--module', '/abs/b.mjs'])).toMatchObject({
      modules: [path.resolve('dist/a.js'), '/abs/b.mjs'],
    });
    expect(
      parseServeArgs(['serve', '--module', 'a.js', '--root', '/r', '--http', '127.0.0.1:0', '--no-auth']),
    ).toMatchObject({ modules: [path.resolve('a.js')], http: { host: '127.0.0.1', port: 0 } });
  });

  it('reads the limits: --max-sessions with --http, --max-approvals for the in-memory store', () => {
    expect(
      parseServeArgs([
        'serve',
        '--root',
        '/r',
        '--http',
        '127.0.0.1:0',
        '--max-sessions',
        '50',
        '--max-approvals',
        '2000',
      ]),
    ).toMatchObject({
      maxSessions: 50,
      maxApprovals: 2000,
      publicUrl: undefined,
      jsonResponse: false,
    });
  });

  it.each([
    [['serve', '--root', '/r', '--no-auth'], '--no-auth only applies with --http.'],
    [['serve', '--root', '/r', '--token-file', 't'], '--token-file only applies with --http.'],
    [
      ['serve', '--root', '/r', '--http', 'localhost:1', '--no-auth', '--token-file', 't'],
      'Give --token-file or --no-auth, not both.',
    ],
    [
      ['serve', '--root', '/r', '--http', 'localhost:1', '--shutdown-grace-ms', '1.5'],
      '--shutdown-grace-ms expects a whole number of milliseconds; got "1.5".',
    ],
    [['serve', '--root', '/r', '--http'], '--http needs a value.'],
    [['serve', '--root', '/r', '--max-sessions', '5'], '--max-sessions only applies with --http.'],
    [['serve', '--root', '/r', '--public-url', 'https://x.example'], '--public-url only applies with --http.'],
    [['serve', '--root', '/r', '--json-response'], '--json-response only applies with --http.'],
    [
      ['serve', '--root', '/r', '--http', 'localhost:1', '--max-sessions', '0'],
      '--max-sessions expects a whole number from 1 to 1000000; got "0".',
    ],
    [
      ['serve', '--root', '/r', '--max-approvals', '1e3'],
      '--max-approvals expects a whole number from 1 to 1000000; got "1e3".',
    ],
    [
      ['serve', '--root', '/r', '--approval-store', '/tmp/a', '--max-approvals', '5'],
      '--max-approvals bounds the in-memory approval store; ' +
        'with --approval-store the approvals are kept there instead.',
    ],
    [['serve', '--http', 'localhost:1'], '--root is required.'],
    [['serve', '--root', '/r', '--module'], '--module needs a file.'],
    [['serve', '--root', '/r', '--module', ''], '--module needs a file.'],
    [['serve', '--root', '/r', '--tls'], 'Unknown option "--tls".'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseServeArgs(argv)).toThrow(new ServeArgsError(message));
  });
});

describe(parseListenAddress.name, () => {
  it.each([
    ['127.0.0.1:8080', { host: '127.0.0.1', port: 8080 }],
    ['localhost:0', { host: 'localhost', port: 0 }],
    ['[::1]:65535', { host: '::1', port: 65_535 }],
    ['0.0.0.0:443', { host: '0.0.0.0', port: 443 }],
  ])('reads %s', (value, expected) => {
    expect(parseListenAddress(value)).toStrictEqual(expected);
  });

  it.each(['127.0.0.1', '127.0.0.1:65536', '::1:80', 'host:port', ':80', 'a b:80', '[::1]', '127.0.0.1:123456'])(
    'refuses %j, saying what it expects',
    (value) => {
      expect(() => parseListenAddress(value)).toThrow(
        new ServeArgsError(
          `--http expects HOST:PORT with a port from 0 to 65535 (for example 127.0.0.1:8080, [::1]:0); got ${JSON.stringify(value)}.`,
        ),
      );
    },
  );
});
