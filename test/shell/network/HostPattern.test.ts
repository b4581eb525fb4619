import { describe, expect, it } from '@jest/globals';
import { ToolConfigurationError } from '../../../src/index.js';
import { shellTools } from '../../../src/shell/index.js';
import { isHostAllowed, parseHostPattern, parseHostPatterns } from '../../../src/shell/network/HostPattern.js';
import { readConnectTarget, readHttpTarget } from '../../../src/shell/network/readProxyTarget.js';
import { isLocalAddress } from '../../../src/shell/network/resolveProxyTarget.js';

function configurationError(run: () => unknown): { name: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolConfigurationError) return { name: error.name, message: error.message };
    throw error;
  }
  throw new Error('expected a ToolConfigurationError');
}

describe('parseHostPattern', () => {
  it.each([
    [
      'registry.npmjs.org',
      { text: 'registry.npmjs.org', host: 'registry.npmjs.org', wildcard: false, port: undefined },
    ],
    [
      'Registry.NPMJS.org:8443',
      { text: 'Registry.NPMJS.org:8443', host: 'registry.npmjs.org', wildcard: false, port: 8443 },
    ],
    ['*.example.com:443', { text: '*.example.com:443', host: 'example.com', wildcard: true, port: 443 }],
    ['10.0.0.5', { text: '10.0.0.5', host: '10.0.0.5', wildcard: false, port: undefined }],
    ['[0:0:0:0:0:0:0:1]:8080', { text: '[0:0:0:0:0:0:0:1]:8080', host: '::1', wildcard: false, port: 8080 }],
  ])('reads %s', (text, expected) => {
    expect(parseHostPattern(text)).toStrictEqual(expected);
  });

  it.each([
    ['', 'is not a non-empty string'],
    ['https://registry.npmjs.org', 'is a URL or a path, not a host'],
    ['registry.npmjs.org/path', 'is a URL or a path, not a host'],
    ['user@registry.npmjs.org', 'has a user part (user@host)'],
    ['exämple.com', 'has spaces, control or non-ASCII characters'],
    ['a b.com', 'has spaces, control or non-ASCII characters'],
    ['example.com:0', 'has a port outside 1-65535'],
    ['example.com:65536', 'has a port outside 1-65535'],
    ['example.com:http', 'is not of the form host, host:port or [IPv6]:port'],
    ['::1', 'is not of the form host, host:port or [IPv6]:port'],
    ['[10.0.0.5]', 'has brackets around something that is not an IPv6 address'],
    ['*.10.0.0.5', "puts '*.' before an IP address"],
    ['example.com.', 'ends with a dot'],
    ['*', "has a '*' that is not a leading '*.'"],
    ['a.*.example.com', "has a '*' that is not a leading '*.'"],
    ['*example.com', "has a '*' that is not a leading '*.'"],
    ['-bad.example.com', 'is not a valid host name'],
    ['under_score.example.com', 'is not a valid host name'],
    ['127.1', 'is not a valid host name'],
    ['*.com', "covers a whole top-level domain ('*.com')"],
  ])('refuses %j at start-up, naming it (%s)', (text, why) => {
    expect(configurationError(() => parseHostPattern(text))).toStrictEqual({
      name: 'ToolConfigurationError',
      message: expect.stringContaining(`has the pattern ${JSON.stringify(text)}, which ${why}`),
    });
  });

  it('refuses a pattern that is not a string', () => {
    expect(configurationError(() => parseHostPatterns(['ok.example.com', 42])).message).toContain(
      'has the pattern 42, which is not a non-empty string',
    );
  });
});

describe('shellTools({ network })', () => {
  it.each([
    [
      { network: { allow: ['https://registry.npmjs.org'] } },
      'has the pattern "https://registry.npmjs.org", which is a URL or a path',
    ],
    [{ network: { allow: 'registry.npmjs.org' } }, 'must be false, true or { allow: [host patterns] }'],
    [{ network: 'on' }, 'must be false, true or { allow: [host patterns] }'],
    [{ network: { allow: [], deny: [] } }, 'deny'],
    [{ network: { allow: ['registry.npmjs.org'] }, sandbox: 'off' }, "needs the sandbox, but sandbox is 'off'"],
  ])('refuses %j at start-up', (options, message) => {
    expect(configurationError(() => shellTools(options as never)).message).toContain(message);
  });

  it('accepts false, true and a list of patterns (an empty list too)', () => {
    expect(
      [false, true, { allow: [] }, { allow: ['registry.npmjs.org', '*.example.com:443'] }].map(
        (network) => typeof shellTools({ network }),
      ),
    ).toStrictEqual(['object', 'object', 'object', 'object']);
  });
});

describe('isHostAllowed', () => {
  const patterns = parseHostPatterns(['registry.npmjs.org', '*.example.com:443', '10.0.0.5:8080', '[::1]:3000']);

  it.each([
    ['registry.npmjs.org', 443, true],
    ['registry.npmjs.org', 80, true],
    ['registry.npmjs.org', 8080, false],
    ['npmjs.org', 443, false],
    ['evilregistry.npmjs.org', 443, false],
    ['registry.npmjs.org.evil.com', 443, false],
    ['a.example.com', 443, true],
    ['b.a.example.com', 443, true],
    ['a.example.com', 80, false],
    ['example.com', 443, false],
    ['aexample.com', 443, false],
    ['10.0.0.5', 8080, true],
    ['10.0.0.5', 80, false],
    ['::1', 3000, true],
  ])('%s:%d -> %s', (host, port, expected) => {
    expect(isHostAllowed(patterns, host, port)).toBe(expected);
  });
});

describe('readConnectTarget / readHttpTarget', () => {
  it.each([
    ['Registry.Example.COM:443', { host: 'registry.example.com', port: 443 }],
    ['registry.example.com.:443', { host: 'registry.example.com', port: 443 }],
    ['[0::1]:8080', { host: '::1', port: 8080 }],
    ['registry.example.com', undefined],
    ['2130706433:80', undefined],
    ['0x7f.1:80', undefined],
    ['a@b.com:443', undefined],
    ['registry.example.com:99999', undefined],
  ])('CONNECT %s -> %j', (authority, expected) => {
    expect(readConnectTarget(authority)).toStrictEqual(expected);
  });

  it.each([
    [
      'http://Registry.Example.com/a?b=1',
      { host: 'registry.example.com', port: 80, path: '/a?b=1', authority: 'registry.example.com' },
    ],
    [
      'http://registry.example.com:8080/',
      { host: 'registry.example.com', port: 8080, path: '/', authority: 'registry.example.com:8080' },
    ],
    ['http://[::1]:81/x', { host: '::1', port: 81, path: '/x', authority: '[::1]:81' }],
    ['http://registry.example.com@evil.com/', undefined],
    ['http://user:pass@registry.example.com/', undefined],
    ['https://registry.example.com/', undefined],
    ['/just/a/path', undefined],
  ])('GET %s -> %j', (url, expected) => {
    expect(readHttpTarget(url)).toStrictEqual(expected);
  });
});

describe('isLocalAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['0.0.0.0', true],
    ['169.254.169.254', true],
    ['224.0.0.1', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['10.0.0.5', false],
    ['93.184.216.34', false],
    ['2606:2800:220:1::1', false],
  ])('%s -> %s', (address, expected) => {
    expect(isLocalAddress(address)).toBe(expected);
  });
});
