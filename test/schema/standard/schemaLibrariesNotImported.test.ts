import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SRC = join(import.meta.dirname, '..', '..', '..', 'src');
/** Optional peers a user brings for Standard Schema inputs: the package reads them through `~standard` only. */
const SCHEMA_LIBRARIES = [/^zod(\/|$)/, /^valibot(\/|$)/, /^@valibot\//, /^@standard-schema\//];

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('Standard Schema libraries', () => {
  it('are imported by no file in src/ (not even for types), so a host without them never loads them', () => {
    const files = listFiles(SRC);
    const offenders = files.flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((imported) => imported.fileName)
        .filter((specifier) => SCHEMA_LIBRARIES.some((pattern) => pattern.test(specifier)))
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toStrictEqual([]);
  });
});
