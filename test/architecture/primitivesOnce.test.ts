import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Security-critical checks written once (style.md "One way to do each thing", security.md Paths 1
 * and 8): each rule names the one file that may spell the check and a pattern that finds it
 * spelled anywhere else.
 */
const RULES: readonly { readonly name: string; readonly home: string; readonly pattern: RegExp }[] = [
  // A prefix test on a separator: `x.startsWith(root + sep)`, `` startsWith(`${root}/`) ``, `startsWith(root + '/')`.
  { name: 'path containment', home: 'kernel/isPathInside.ts', pattern: /startsWith\([^)\n]*(\bsep\b|\+ ?'\/'|\/`)/ },
  // A link-count test: `stats.nlink > 1`, `nlink <= 1`.
  { name: 'hard-link refusal', home: 'kernel/getHardLinkRefusal.ts', pattern: /\.nlink\s*[<>]=?\s*1\b/ },
  // The copy a credential store keeps of what a host set.
  {
    name: 'credential envelope',
    home: 'kernel/credentialEnvelope.ts',
    pattern: /bearerToken: credentials\.bearerToken/,
  },
];

/** `file: rule` for every spelling of a rule outside its home. */
function findRespelled(files: readonly { readonly name: string; readonly text: string }[]): string[] {
  return RULES.flatMap((rule) =>
    files
      .filter((file) => file.name !== rule.home && rule.pattern.test(file.text))
      .map((file) => `${file.name}: ${rule.name} (belongs in ${rule.home})`),
  );
}

/** Groups of files whose bytes are the same. */
function findIdentical(files: readonly { readonly name: string; readonly text: string }[]): string[][] {
  const byDigest = new Map<string, string[]>();
  for (const file of files) {
    const digest = createHash('sha256').update(file.text).digest('hex');
    byDigest.set(digest, [...(byDigest.get(digest) ?? []), file.name]);
  }
  return [...byDigest.values()].filter((names) => names.length > 1);
}

const sources = listFiles(SRC).map((file) => ({
  name: relative(SRC, file).split(/[\\/]/).join('/'),
  text: readFileSync(file, 'utf8'),
}));

describe('primitives written once', () => {
  it('reads the source tree and finds each rule at home', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(
      RULES.filter((rule) => !rule.pattern.test(sources.find((file) => file.name === rule.home)?.text ?? '')),
    ).toStrictEqual([]);
  });

  it('spells containment, the hard-link refusal and the credential envelope only in the kernel', () => {
    expect(findRespelled(sources)).toStrictEqual([]);
  });

  it('holds no two byte-identical source files', () => {
    expect(findIdentical(sources)).toStrictEqual([]);
  });

  it('finds a check spelled again, and a copied file', () => {
    const planted = [
      {
        name: 'fs/x.ts',
        text: 'const inside = child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);',
      },
      { name: 'fs/y.ts', text: 'const inside = base.startsWith(`${root}/`);' },
      { name: 'shell/z.ts', text: 'if (stats.nlink > 1) throw refusal;' },
      { name: 'redis/w.ts', text: 'const copy = { bearerToken: credentials.bearerToken };' },
      { name: 'a/formatCount.ts', text: 'same' },
      { name: 'b/formatCount.ts', text: 'same' },
    ];
    expect(findRespelled(planted)).toStrictEqual([
      'fs/x.ts: path containment (belongs in kernel/isPathInside.ts)',
      'fs/y.ts: path containment (belongs in kernel/isPathInside.ts)',
      'shell/z.ts: hard-link refusal (belongs in kernel/getHardLinkRefusal.ts)',
      'redis/w.ts: credential envelope (belongs in kernel/credentialEnvelope.ts)',
    ]);
    expect(findIdentical(planted)).toStrictEqual([['a/formatCount.ts', 'b/formatCount.ts']]);
  });
});
