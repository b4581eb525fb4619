import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolConfigurationError, type Credentials } from '../../src/index.js';
import { FileCredentialStore } from '../../src/stores/index.js';

const SECRET = 'ghp_s3cr3t-T0KEN-value';
const ENTRY = /^credentials-[0-9a-f]{64}\.json$/;

let root: string;
let dir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agentkit-credential-store-'));
  dir = join(root, 'credentials');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** What a thrown error exposes: its message and its causes' messages. */
function getErrorText(run: () => unknown): string {
  try {
    run();
  } catch (thrown) {
    const parts: string[] = [];
    for (let error: unknown = thrown; error instanceof Error; error = error.cause) parts.push(error.message);
    return parts.join(' <- ');
  }
  throw new Error('expected a throw');
}

describe(FileCredentialStore.name, () => {
  describe('constructor', () => {
    it('creates its directory with mode 0700', () => {
      new FileCredentialStore({ directory: dir });
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    });

    it('refuses a directory other users can write to', () => {
      mkdirSync(dir);
      chmodSync(dir, 0o770);
      expect(() => new FileCredentialStore({ directory: dir })).toThrow(ToolConfigurationError);
    });

    it('refuses unknown option keys', () => {
      expect(() => new FileCredentialStore({ directory: dir, mode: 0o644 } as { directory: string })).toThrow(
        /unknown key "mode"/,
      );
    });
  });

  describe('.set and .get', () => {
    it('keeps credentials across instances (a restart)', () => {
      const credentials: Credentials = { bearerToken: SECRET, headers: { 'x-api-key': 'k' } };
      new FileCredentialStore({ directory: dir }).set('mcp:github', credentials);
      expect(new FileCredentialStore({ directory: dir }).get('mcp:github')).toStrictEqual(credentials);
      expect(new FileCredentialStore({ directory: dir }).get('mcp:other')).toBeUndefined();
    });

    it('writes each file with mode 0600, also when replacing one and whatever the umask', () => {
      const previous = process.umask(0);
      try {
        const store = new FileCredentialStore({ directory: dir });
        store.set('mcp:github', { bearerToken: 'one' });
        store.set('mcp:github', { bearerToken: 'two' });
        const names = readdirSync(dir);
        expect(names).toHaveLength(1);
        expect(names[0]).toMatch(ENTRY);
        expect(statSync(join(dir, names[0] ?? '')).mode & 0o777).toBe(0o600);
        expect(statSync(dir).mode & 0o777).toBe(0o700);
        expect(store.get('mcp:github')).toStrictEqual({ bearerToken: 'two' });
      } finally {
        process.umask(previous);
      }
    });

    it('names files after a digest of the provider, so no provider name reaches a path', () => {
      const store = new FileCredentialStore({ directory: dir });
      for (const provider of ['../escape', '/etc/shadow', 'a/../../b', '..'])
        store.set(provider, { bearerToken: provider });
      expect(readdirSync(root)).toStrictEqual(['credentials']);
      expect(readdirSync(dir).every((name) => ENTRY.test(name))).toBe(true);
      expect(store.get('../escape')).toStrictEqual({ bearerToken: '../escape' });
    });

    it('refuses malformed credentials without quoting them', () => {
      const store = new FileCredentialStore({ directory: dir });
      const text = getErrorText(() => {
        store.set('mcp:github', { bearerToken: SECRET, password: SECRET } as Credentials);
      });
      expect(text).toBe(
        'FileCredentialStore.set: credentials must be { bearerToken?: string, headers?: Record<string, string> }.',
      );
      expect(readdirSync(dir)).toStrictEqual([]);
    });
  });

  describe('.delete', () => {
    it('forgets the provider, and deleting again is fine', () => {
      const store = new FileCredentialStore({ directory: dir });
      store.set('mcp:github', { bearerToken: SECRET });
      store.delete('mcp:github');
      store.delete('mcp:github');
      expect({ credentials: store.get('mcp:github'), files: readdirSync(dir) }).toStrictEqual({
        credentials: undefined,
        files: [],
      });
    });
  });

  describe('errors', () => {
    it('never use a corrupt entry: get answers no credentials (as the Redis and PostgreSQL stores do), and set replaces it', () => {
      const store = new FileCredentialStore({ directory: dir });
      store.set('mcp:github', { bearerToken: SECRET });
      const [name] = readdirSync(dir);
      const path = join(dir, name ?? '');
      writeFileSync(path, readFileSync(path, 'utf8').slice(0, -3));
      expect(store.get('mcp:github')).toBeUndefined();
      writeFileSync(path, JSON.stringify({ provider: 'mcp:other', credentials: { bearerToken: SECRET } }));
      expect(store.get('mcp:github')).toBeUndefined();
      store.set('mcp:github', { bearerToken: 'fresh' });
      expect(store.get('mcp:github')).toStrictEqual({ bearerToken: 'fresh' });
    });

    it('never show a credential: a directory that is gone', () => {
      const store = new FileCredentialStore({ directory: dir });
      rmSync(dir, { recursive: true });
      const text = getErrorText(() => {
        store.set('mcp:github', { bearerToken: SECRET });
      });
      expect(text).toMatch(
        /^FileCredentialStore could not write the credentials of provider "mcp:github" \(ENOENT\)\./,
      );
      expect(text).not.toContain(SECRET);
      expect(getErrorText(() => store.get('mcp:github'))).toMatch(
        /^FileCredentialStore could not read the credentials of provider "mcp:github" \(ENOENT\)\./,
      );
    });
  });
});
