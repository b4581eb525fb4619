import { describe, expect, it } from '@jest/globals';
import { lstatSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERRNO_SETS, getErrnoCode, hasErrnoCode } from '../../src/kernel/index.js';

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe(getErrnoCode.name, () => {
  it('reads the code of a real system error and nothing else', () => {
    expect(getErrnoCode(thrownBy(() => lstatSync('/no/such/path')))).toBe('ENOENT');
    expect([
      getErrnoCode(new Error('plain')),
      getErrnoCode({ code: 42 }),
      getErrnoCode(null),
      getErrnoCode('ENOENT'),
    ]).toStrictEqual([undefined, undefined, undefined, undefined]);
  });
});

describe(hasErrnoCode.name, () => {
  it('tells the three "missing" sets apart on real errors', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agentkit-errno-'));
    try {
      writeFileSync(path.join(dir, 'file'), '');
      symlinkSync('loop', path.join(dir, 'loop'));
      const errors = {
        missingName: thrownBy(() => lstatSync(path.join(dir, 'missing'))),
        underAFile: thrownBy(() => lstatSync(path.join(dir, 'file', 'below'))),
        throughALoop: thrownBy(() => lstatSync(path.join(dir, 'loop', 'below'))),
      };
      const table = Object.fromEntries(
        Object.entries(ERRNO_SETS).map(([name, set]) => [
          name,
          Object.fromEntries(Object.entries(errors).map(([label, error]) => [label, hasErrnoCode(error, set)])),
        ]),
      );
      expect(table).toStrictEqual({
        NAME_MISSING: { missingName: true, underAFile: false, throughALoop: false },
        PATH_MISSING: { missingName: true, underAFile: true, throughALoop: false },
        PATH_UNRESOLVABLE: { missingName: true, underAFile: true, throughALoop: true },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is false for a thrown value without a code', () => {
    expect(hasErrnoCode(new Error('ENOENT'), ERRNO_SETS.PATH_UNRESOLVABLE)).toBe(false);
  });
});
