import { existsSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseShellCommand } from '../../src/shell/index.js';
import { generateCommandLine } from './fixtures/generateCommandLine.js';
import { isReported } from './fixtures/isReported.js';
import { readBashWords } from './fixtures/readBashWords.js';
import { traceBashCommands } from './fixtures/traceBashCommands.js';

describe(`${parseShellCommand.name} against bash`, () => {
  let cwd: string;
  let emptyPath: string;

  beforeAll(async () => {
    cwd = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-bash-diff-')));
    emptyPath = path.join(cwd, '.empty-path');
    await mkdir(emptyPath);
  });

  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  describe('the tracer', () => {
    it('sees every simple command bash would run, and runs none', () => {
      const ran = traceBashCommands(
        'touch marker && echo hi > out; if false; then ls; else cat in; fi | sort',
        cwd,
        emptyPath,
      );

      // the sides of a pipe run side by side: their order is not fixed
      expect([ran.sort(), existsSync(path.join(cwd, 'marker')), existsSync(path.join(cwd, 'out'))]).toStrictEqual([
        ['cat in', 'echo hi > out', 'false', 'sort', 'touch marker'],
        false,
        false,
      ]);
    });

    it('sees what bash runs past a heredoc that the parser ends elsewhere (the attack of issue 9)', async () => {
      const line = 'git status <<E"O"F\nEOF\ntouch X\nE"O"F';
      const ran = traceBashCommands(line, cwd, emptyPath);

      expect(ran.map((command) => readBashWords(command).map((word) => word.text))).toStrictEqual([
        ['git', 'status'],
        ['touch', 'X'],
        ['EOF'],
      ]);
      expect((await parseShellCommand(line)).risks).toStrictEqual(['ambiguous_syntax']);
    });
  });

  /*
   * Why observing with the trap is enough. The property covers lines the analysis does not
   * flag; every way bash runs code that the trap cannot show is flagged, so never in scope:
   * substitutions inside a skipped command (`$(...)`, backticks, `<(...)`), `eval`, `trap`,
   * `source`, shells and wrappers. Function bodies are reported where they are defined, called
   * or not. A skipped command counts as a success, so the lines steer branches and loops with
   * `true` and `false`, which the trap lets run. Compound commands the trap fires for (`for`,
   * `case`, `[[`, `((`) run so that their bodies are seen; they run no program themselves.
   */
  it('reports every command bash runs for each generated line it does not flag', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(generateCommandLine, async (line) => {
        const analysis = await parseShellCommand(line);
        if (analysis.risks.length > 0) return;
        compared++;
        const unreported = traceBashCommands(line, cwd, emptyPath).filter(
          (ran) => !isReported(ran, analysis.subcommands),
        );

        expect({ line, unreported, subcommands: analysis.subcommands }).toStrictEqual({
          line,
          unreported: [],
          subcommands: analysis.subcommands,
        });
      }),
      { seed: 20261201, numRuns: 1000, endOnFailure: true },
    );

    // the property must not hold only because everything was flagged
    expect(compared).toBeGreaterThan(120);
  });
});
