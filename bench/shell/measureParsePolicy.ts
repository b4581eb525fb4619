import { PolicyPermissionChecker } from '../../src/index.js';
import { parseShellCommand, ShellPermissionRequest } from '../../src/shell/index.js';
import { median } from '../measure.js';

/** Command lines an agent typically sends. */
export const REALISTIC_COMMANDS: readonly string[] = [
  'git status',
  'git diff --stat HEAD~1',
  'npm test',
  'ls -la src',
  'grep -rn "TODO" src | head -20',
  'cd packages/core && npm run build',
  'find . -name "*.ts" -not -path "./node_modules/*" | xargs wc -l',
  'git log --oneline -n 20 && git status --short',
  'cat package.json | jq .scripts > scripts.json',
  'for f in src/*.ts; do echo "$f"; done',
  'docker build -t app:$(git rev-parse --short HEAD) .',
  "python3 -c 'import sys; print(sys.version)'",
];

const CHECKER = new PolicyPermissionChecker({
  rules: [
    { effect: 'allow', kind: 'shell.exec', pattern: 'git status' },
    { effect: 'allow', kind: 'shell.exec', pattern: 'git log' },
    { effect: 'allow', kind: 'shell.exec', pattern: 'npm test' },
    { effect: 'allow', kind: 'shell.exec', pattern: 'ls' },
    { effect: 'deny', kind: 'shell.exec', pattern: 'rm -rf' },
  ],
  fallback: 'ask',
});

export interface ParsePolicyResult {
  /** Median over the commands of each command's median time (parse + policy), in µs. */
  readonly medianUs: number;
  /** Mean time per command over whole rounds (GC pauses included): median, min and max of rounds, in µs. */
  readonly meanUs: number;
  readonly minUs: number;
  readonly maxUs: number;
  readonly commands: number;
  /** Per command: median µs. */
  readonly perCommand: readonly { readonly command: string; readonly us: number; readonly decision: string }[];
}

async function parseAndDecide(command: string): Promise<string> {
  const analysis = await parseShellCommand(command);
  const request = new ShellPermissionRequest({
    command,
    form: 'command',
    subcommands: analysis.subcommands,
    risks: analysis.risks,
    cwd: '/workspace',
    envKeys: [],
    redirections: [],
  });
  return CHECKER.evaluate(request).type;
}

/** The `command` form's parse + policy cost, no spawn: every realistic command, `rounds` times. */
export async function measureParsePolicy(rounds: number, perRound: number): Promise<ParsePolicyResult> {
  for (let i = 0; i < 200; i++) await parseAndDecide(REALISTIC_COMMANDS[i % REALISTIC_COMMANDS.length] as string);
  const samples: number[] = [];
  const perCommand = REALISTIC_COMMANDS.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < perRound; i++) {
      for (const [index, command] of REALISTIC_COMMANDS.entries()) {
        const one = performance.now();
        await parseAndDecide(command);
        (perCommand[index] as number[]).push(performance.now() - one);
      }
    }
    samples.push(((performance.now() - started) * 1e3) / (perRound * REALISTIC_COMMANDS.length));
  }
  const decisions = await Promise.all(REALISTIC_COMMANDS.map(parseAndDecide));
  const perCommandUs = perCommand.map((times) => median(times) * 1e3);
  return {
    medianUs: median(perCommandUs),
    meanUs: median(samples),
    minUs: Math.min(...samples),
    maxUs: Math.max(...samples),
    commands: REALISTIC_COMMANDS.length,
    perCommand: REALISTIC_COMMANDS.map((command, index) => ({
      command,
      us: perCommandUs[index] as number,
      decision: decisions[index] as string,
    })),
  };
}
