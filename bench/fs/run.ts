import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMs, formatNs, formatRatio, renderTable } from '../format.js';
import { measurePerCall, type PerCallResult } from '../measure.js';
import { describeLoad } from '../report.js';
import { createFsExecutor } from './createFsExecutor.js';
import { fasterTool, GREP_TREE, type GrepComparison } from './grepBench.js';
import {
  compareGreps,
  createDenseFsExecutor,
  DENSE_LIMIT,
  GREP_ROUNDS,
  IGNORED_ROW,
  renderGrepTable,
  writeGrepTrees,
} from './grepRun.js';
import { READ_COPIES, READ_SIZES, SETTLE_MS, textOfSize, writeCopies } from './readFiles.js';
import {
  createAgentkitReadSubject,
  createBaselineReadSubject,
  createMcpReadSubject,
  type ReadSubject,
} from './readSubjects.js';

/** The targets. */
export const FS_TARGETS = {
  readVsBaseline: 1.3,
  mcpVsRead64k: 3,
  mcpVsRead1m: 10,
  grepVsFaster: 1.3,
  grepDenseVsFaster: 1.5,
} as const;
/** The executor path runs many more functions than `readFile`: a long warm-up lets V8 optimize them all before measuring. */
const VS_BASELINE = { warmupMs: 1500, batchMs: 20, rounds: 31 } as const;
const VS_MCP = { warmupMs: 300, batchMs: 20, rounds: 15 } as const;

export interface FsVerdict {
  readonly target: string;
  readonly measured: string;
  readonly pass: boolean;
}

export interface FsBenchResult {
  readonly reads: readonly PerCallResult[];
  readonly greps: readonly GrepComparison[];
  readonly verdicts: readonly FsVerdict[];
  readonly pass: boolean;
  readonly report: string;
}

async function verify(subjects: readonly ReadSubject[], expected: string, firstLines: string): Promise<void> {
  for (const subject of subjects) {
    const text = await subject.readText();
    if (text !== expected && text !== firstLines)
      throw new Error(`${subject.name} read something else (${text.length} characters)`);
  }
}

function byName(rows: readonly PerCallResult[], name: string): PerCallResult {
  const row = rows.find((candidate) => candidate.name === name);
  if (row === undefined) throw new Error(`no result named ${name}`);
  return row;
}

/**
 * The filesystem benchmark: `fs_read_file` through the executor against `readFile` + a realpath
 * check and against the official MCP filesystem server over stdio (64 KiB and 1 MiB files, each
 * subject reading {@link READ_COPIES} identical copies in turn, so our reads always decode), and
 * `fs_grep` against a spawned `grep -rn` over a generated tree of 10,000 files. Everything lives
 * in a temp directory that is removed at the end.
 */
export async function runFsBench(log: (line: string) => void = console.log): Promise<FsBenchResult> {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-fs-bench-')));
  const closers: (() => Promise<void>)[] = [];
  try {
    const root = path.join(base, 'root');
    mkdirSync(root);
    // One more copy than the cycled ones: the cached-decode subject reads it alone.
    const copies = new Map(
      READ_SIZES.map(([, stem, bytes]) => [stem, writeCopies(root, stem, bytes, READ_COPIES + 1)]),
    );
    const written = Date.now();
    log(
      `fs: writing the trees of ${GREP_TREE.directories * GREP_TREE.filesPerDirectory} files for grep (${describeLoad()}) ...`,
    );
    const { trees, files } = writeGrepTrees(root);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, SETTLE_MS - (Date.now() - written))));
    const fs = await createFsExecutor(root);

    const reads: PerCallResult[] = [];
    for (const [label, stem, bytes] of READ_SIZES) {
      const all = copies.get(stem) ?? [];
      const names = all.slice(0, READ_COPIES);
      const content = textOfSize(bytes);
      if (all.some((name) => statSync(path.join(root, name)).size !== bytes))
        throw new Error(`${stem}: unexpected size`);
      const baseline = createBaselineReadSubject(root, names, label);
      const ours = createAgentkitReadSubject(fs, names, label);
      // For the record, not a target: the same file again, paged from the decoded-text cache.
      const cached = createAgentkitReadSubject(
        fs,
        all.slice(READ_COPIES),
        label,
        `agentkit fs_read_file (executor), ${label}, same file again (cached decode)`,
      );
      const mcp = await createMcpReadSubject(root, names, label);
      closers.push(() => mcp.close?.() ?? Promise.resolve());
      await verify([baseline, ours, cached, mcp], content, content.split('\n').slice(0, 2000).join('\n') + '\n');
      // Two pairings, each measured round-robin: the ratio of each target comes from one pairing.
      log(
        `fs: reading ${label}: vs readFile (${VS_BASELINE.rounds} rounds), vs the MCP server (${VS_MCP.rounds} rounds) ...`,
      );
      reads.push(...(await measurePerCall([baseline, ours, cached], VS_BASELINE)));
      const [oursAgain, mcpRow] = (await measurePerCall([ours, mcp], VS_MCP)) as [PerCallResult, PerCallResult];
      reads.push({ ...oursAgain, name: `${oursAgain.name} (paired with MCP)` }, mcpRow);
    }
    for (const close of closers.splice(0)) await close();

    log(`fs: grep over ${files} files, ${GREP_ROUNDS} alternating rounds ...`);
    const greps = await compareGreps(fs, await createDenseFsExecutor(root), trees);

    const verdicts: FsVerdict[] = [];
    for (const [label] of READ_SIZES) {
      const baseline = byName(reads, `readFile + realpath check, ${label}`);
      const ours = byName(reads, `agentkit fs_read_file (executor), ${label}`);
      const mcp = byName(reads, `MCP server-filesystem read_text_file (stdio), ${label}`);
      const oursWithMcp = byName(reads, `agentkit fs_read_file (executor), ${label} (paired with MCP)`);
      const slower = ours.medianNs / baseline.medianNs;
      const faster = mcp.medianNs / oursWithMcp.medianNs;
      const mcpTarget = label === '64 KiB' ? FS_TARGETS.mcpVsRead64k : FS_TARGETS.mcpVsRead1m;
      verdicts.push({
        target: `fs_read_file ${label} <= ${FS_TARGETS.readVsBaseline}x readFile + realpath`,
        measured: `${formatRatio(slower)} (${formatNs(ours.medianNs)} vs ${formatNs(baseline.medianNs)})`,
        pass: slower <= FS_TARGETS.readVsBaseline,
      });
      verdicts.push({
        target: `fs_read_file ${label} >= ${mcpTarget}x faster than MCP read_text_file`,
        measured: `${formatRatio(faster)} (${formatNs(mcp.medianNs)} vs ${formatNs(oursWithMcp.medianNs)})`,
        pass: faster >= mcpTarget,
      });
    }
    for (const grep of greps) {
      if (grep.label === IGNORED_ROW) continue;
      const faster = fasterTool(grep);
      const ratio = grep.fsGrepMs / faster.ms;
      const target = grep.matches >= DENSE_LIMIT ? FS_TARGETS.grepDenseVsFaster : FS_TARGETS.grepVsFaster;
      verdicts.push({
        target: `fs_grep ${grep.label} <= ${target}x the faster of grep -rn and rg`,
        measured: `${formatRatio(ratio)} (${formatMs(grep.fsGrepMs)} vs ${faster.name} ${formatMs(faster.ms)})`,
        pass: ratio <= target,
      });
    }

    const readTable = renderTable(
      ['one read (sequential)', 'median/op', 'batch range', 'rounds x calls'],
      reads.map((row) => [
        row.name,
        formatNs(row.medianNs),
        `${formatNs(row.minNs)} - ${formatNs(row.maxNs)}`,
        `${row.rounds} x ${row.batchSize}`,
      ]),
    );
    const grepTable = renderGrepTable(files, greps);
    const verdictTable = renderTable(
      ['target', 'measured', 'verdict'],
      verdicts.map((row) => [row.target, row.measured, row.pass ? 'PASS' : 'FAIL']),
    );
    const report = `${readTable}\n\n${grepTable}\n\nFilesystem targets (medians of this run)\n${verdictTable}\n\nAt the end: ${describeLoad()}`;
    log(report);
    return { reads, greps, verdicts, pass: verdicts.every((row) => row.pass), report };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    rmSync(base, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runFsBench();
  process.exitCode = result.pass ? 0 : 1;
}
