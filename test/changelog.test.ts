import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { findChangelogProblems } from '../scripts/checkChangelog.js';

describe('CHANGELOG.md', () => {
  it('keeps the habit: Unreleased first, dated version sections, the six kinds of change', () => {
    expect(findChangelogProblems(readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8'))).toStrictEqual([]);
  });

  it('finds a misplaced Unreleased, an undated version, an unknown kind, a version published without its section', () => {
    const text = ['# Changelog', '## 1.0.0 - 2026-01-02', '### Improved', '## Unreleased', '## 0.9.0'].join('\n');
    expect(findChangelogProblems(text, '1.1.0')).toStrictEqual([
      'line 4: "## Unreleased" must be the first section',
      'line 5: "## 0.9.0" is neither "## Unreleased" nor "## <version> - <YYYY-MM-DD>"',
      'line 3: "### Improved" is not one of Added, Changed, Deprecated, Removed, Fixed, Security',
      'no "## 1.1.0 - <date>" section: move the Unreleased entries under it before publishing',
    ]);
    expect(
      findChangelogProblems(['# Changelog', '## Unreleased', '### Fixed', '## 1.0.0 - 2026-01-02'].join('\n'), '1.0.0'),
    ).toStrictEqual([]);
  });
});
