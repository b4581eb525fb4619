import { describe, expect, it } from '@jest/globals';
import { statSync, type Stats } from 'node:fs';
import { DecodedTextCache, type DecodedText } from '../../src/fs/content/DecodedTextCache.js';
import { indexLines } from '../../src/fs/content/pageLines.js';

const NOW = 1_700_000_000_000;

function stats(overrides: Partial<Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>> = {}): Stats {
  // A real Stats object (of this directory) with the fields the cache compares set by the test.
  return Object.assign(statSync('.'), {
    dev: 1,
    ino: 42,
    size: 6,
    mtimeMs: NOW - 5000,
    ctimeMs: NOW - 5000,
    ...overrides,
  });
}

function decoded(text: string): DecodedText {
  return { text, lineStarts: indexLines(text), encoding: 'utf8', bom: false, lineEnding: 'lf' };
}

describe(DecodedTextCache.name, () => {
  it('serves an entry only for the very file it was decoded from', () => {
    const cache = new DecodedTextCache();
    const value = decoded('a\nb\nc\n');
    cache.set('/w/a.txt', stats(), value, NOW);

    expect(cache.get('/w/a.txt', stats(), NOW)).toBe(value);
    expect(cache.get('/w/other.txt', stats(), NOW)).toBeUndefined();
    for (const changed of [{ dev: 2 }, { ino: 43 }, { size: 7 }, { mtimeMs: NOW - 4000 }, { ctimeMs: NOW - 4000 }]) {
      const fresh = new DecodedTextCache();
      fresh.set('/w/a.txt', stats(), value, NOW);

      expect(fresh.get('/w/a.txt', stats(changed), NOW)).toBeUndefined();
      // A mismatch drops the entry: the file changed, the old text is never served again.
      expect(fresh.get('/w/a.txt', stats(), NOW)).toBeUndefined();
    }
  });

  it('neither keeps nor serves files changed within the last second', () => {
    const cache = new DecodedTextCache();
    cache.set('/w/recent.txt', stats({ ctimeMs: NOW - 500 }), decoded('x\n'), NOW);
    cache.set('/w/future.txt', stats({ mtimeMs: NOW + 60_000 }), decoded('x\n'), NOW);

    expect(cache.size).toBe(0);

    // Kept a second after its change, but asked about by a clock that says it is recent: not served.
    cache.set('/w/a.txt', stats(), decoded('x\n'), NOW - 4000);

    expect(cache.size).toBe(1);
    expect(cache.get('/w/a.txt', stats(), NOW - 4800)).toBeUndefined();
  });

  it('drops the least recently used entries past its entry and character bounds', () => {
    const cache = new DecodedTextCache({ maxEntries: 2, maxChars: 10 });
    cache.set('/w/a', stats({ ino: 1 }), decoded('aaaa'), NOW);
    cache.set('/w/b', stats({ ino: 2 }), decoded('bbbb'), NOW);
    cache.get('/w/a', stats({ ino: 1 }), NOW);
    cache.set('/w/c', stats({ ino: 3 }), decoded('cc'), NOW);

    expect(cache.get('/w/b', stats({ ino: 2 }), NOW)).toBeUndefined();
    expect(cache.get('/w/a', stats({ ino: 1 }), NOW)?.text).toBe('aaaa');
    expect(cache.get('/w/c', stats({ ino: 3 }), NOW)?.text).toBe('cc');

    // 2 + 4 + 8 characters: the oldest (a) goes, c and d fill the 10-character bound exactly.
    cache.set('/w/d', stats({ ino: 4 }), decoded('dddddddd'), NOW);

    expect(cache.size).toBe(2);
    expect(cache.get('/w/a', stats({ ino: 1 }), NOW)).toBeUndefined();
    expect(cache.get('/w/c', stats({ ino: 3 }), NOW)?.text).toBe('cc');
    expect(cache.get('/w/d', stats({ ino: 4 }), NOW)?.text).toBe('dddddddd');

    cache.set('/w/huge', stats({ ino: 5 }), decoded('x'.repeat(11)), NOW);

    expect(cache.get('/w/huge', stats({ ino: 5 }), NOW)).toBeUndefined();
    expect(cache.get('/w/d', stats({ ino: 4 }), NOW)?.text).toBe('dddddddd');
  });
});
