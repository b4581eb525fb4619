/**
 * Compiles src/ and test/ (test files aside) to JavaScript under .cache/test-build/, for the
 * tests that run a TypeScript fixture in a child process (see test/fixtures/compiledScript.ts).
 *
 * Why: a child started with `node --import @swc-node/register/esm-register` loads TypeScript to
 * read tsconfig.json and compiles what it imports, about 2 s of CPU before the first line of the
 * fixture runs; some files start 15 such children. Compiled once here, with the same compiler
 * and options as the jest transform (swcTransformer.js), a child is plain `node`.
 *
 * Only what changed is compiled again: each output ends with a hash of its source and of the
 * compiler setup. Two jest workers can run this at once: each output is written to a file of its
 * own, then renamed over the old one, so a reader sees the old or the new file, never half of one.
 * Prints nothing; exits non-zero with the compiler's message when a file does not compile.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { compile, ENVIRONMENT } from './swcTransformer.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_DIR = path.join(ROOT, '.cache/test-build');

/** The last line of an output compiled from `source` (the first may be a `#!` line). */
function stamp(source) {
  return `\n// agentkit test build ${createHash('sha1').update(ENVIRONMENT).update(source).digest('hex')}\n`;
}

function isCurrent(output, footer) {
  try {
    return readFileSync(output, 'utf8').endsWith(footer);
  } catch {
    return false;
  }
}

for (const dir of ['src', 'test']) {
  for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
    const name = entry.name;
    if (!entry.isFile() || !name.endsWith('.ts') || name.endsWith('.d.ts') || name.endsWith('.test.ts')) continue;
    const source = path.join(entry.parentPath, name);
    const output = path.join(BUILD_DIR, path.relative(ROOT, source).replace(/\.ts$/u, '.js'));
    const text = readFileSync(source, 'utf8');
    const footer = stamp(text);
    if (isCurrent(output, footer)) continue;
    mkdirSync(path.dirname(output), { recursive: true });
    const partial = `${output}.${process.pid}`;
    writeFileSync(partial, compile(text, source, { esm: true, sourceMap: false }).code + footer);
    renameSync(partial, output);
  }
}
