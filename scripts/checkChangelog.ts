// The CHANGELOG habit, checked (CHANGELOG.md says what it is):
//   npm run changelog:check   the file's shape (npm test runs the same checks in test/changelog.test.ts)
//   npm run changelog:check -- --release   also: package.json's version has its own section (prepublishOnly)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SECTIONS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];
const RELEASE = /^## (\d+\.\d+\.\d+(?:-[\w.]+)?) - (\d{4}-\d{2}-\d{2})$/;

/** Every problem of the changelog `text` (an empty list when it keeps the habit); `version` set: that version must be released in it. */
export function findChangelogProblems(text: string, version?: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  if (lines[0] !== '# Changelog') problems.push('the first line is not "# Changelog"');
  const headings = lines
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.startsWith('## '));
  const versions: string[] = [];
  for (const [index, { line, number }] of headings.entries()) {
    if (line === '## Unreleased') {
      if (index !== 0) problems.push(`line ${number}: "## Unreleased" must be the first section`);
      continue;
    }
    const match = RELEASE.exec(line);
    if (match === null)
      problems.push(`line ${number}: "${line}" is neither "## Unreleased" nor "## <version> - <YYYY-MM-DD>"`);
    else versions.push(match[1] ?? '');
  }
  if (new Set(versions).size !== versions.length) problems.push('a version has two sections');
  for (const [index, line] of lines.entries()) {
    if (line.startsWith('### ') && !SECTIONS.includes(line.slice(4)))
      problems.push(`line ${index + 1}: "${line}" is not one of ${SECTIONS.join(', ')}`);
  }
  if (version !== undefined && !versions.includes(version)) {
    problems.push(`no "## ${version} - <date>" section: move the Unreleased entries under it before publishing`);
  }
  return problems;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const release = process.argv.includes('--release');
  const version = release
    ? (JSON.parse(readFileSync('package.json', 'utf8')) as { readonly version: string }).version
    : undefined;
  const problems = findChangelogProblems(readFileSync('CHANGELOG.md', 'utf8'), version);
  if (problems.length > 0) {
    console.error(`CHANGELOG.md:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}
