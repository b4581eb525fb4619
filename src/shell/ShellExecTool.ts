import { realpathSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'inversify';
import {
  buildToolResult,
  Preflight,
  ToolError,
  type JsonObject,
  type PlannedRequests,
  type ToolContext,
  type ToolResult,
} from '../index.js';
import { BuiltInTool, addSpanEvent } from '../internal/index.js';
import { buildSandboxArgs } from './sandbox/buildSandboxArgs.js';
import { isInSandboxView } from './sandbox/buildSandboxEnvironment.js';
import { findProgram } from './running/findProgram.js';
import { buildBridgeCommand } from './network/buildBridgeCommand.js';
import { buildNetworkArgs } from './network/buildNetworkArgs.js';
import { describeRefusedHosts, openProxySession } from './network/openProxySession.js';
import type { ProxySession } from './network/ProxySession.js';
import { openRedirectTargets, REDIRECT_FD_BASE, type OpenedRedirects } from './running/openRedirectTargets.js';
import { planShellExec } from './policy/planShellExec.js';
import { SHELL_EXEC_DEFAULTS } from './config/SHELL_EXEC_DEFAULTS.js';
import { OutputStreamer } from './running/OutputStreamer.js';
import { runProcess, type ProcessOutcome, type ProcessSpec } from './running/runProcess.js';
import { SHELL_EXEC_INPUT_SCHEMA, type ShellExecInput } from './ShellExecInput.js';
import type { ShellExecPlan } from './policy/ShellExecPlan.js';
import { SHELL_EXEC_OUTPUT_SCHEMA } from './ShellExecResult.js';
import { SHELL_TOOL_CONFIG } from './config/SHELL_TOOL_CONFIG.js';
import type { ShellToolConfig } from './config/ShellToolConfig.js';

const DESCRIPTION =
  'Runs a command in the workspace and returns its exit code, stdout and stderr. Give `command` (a bash command line) ' +
  'or `argv` (a program and its arguments, no shell). Commands run with a minimal environment, no stdin, a timeout ' +
  '(default 120 s, at most 600 s) and bounded output; background processes do not outlive the call. Where the host ' +
  'provides an OS sandbox, a command sees only the workspace and the system directories (/usr, /etc, ...), only the ' +
  'workspace is writable, /tmp and HOME are private and empty, and the network is off unless configured ' +
  '(where only some hosts are allowed, HTTP_PROXY and HTTPS_PROXY lead to them, and the result lists refused hosts).';

/** The path's realpath (one native call: cheaper than a thread-pool hop), or undefined. */
function readRealPath(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

function describeStop(outcome: ProcessOutcome, plan: ShellExecPlan, config: ShellToolConfig): string {
  switch (outcome.stopped) {
    case 'timeout':
      return `\n[shell_exec: timed out after ${plan.timeoutMs} ms; the process group was stopped]`;
    case 'output_limit':
      return `\n[shell_exec: output passed ${config.hardOutputLimitBytes} bytes; the process group was stopped]`;
    case 'cancelled':
    case undefined:
      return '';
  }
}

/**
 * What runs for a plan: its target words swapped for the descriptors `redirects` opened, and
 * inside bubblewrap when the plan is sandboxed: warm, in a supervisor of that layout, when the
 * container has them; with `proxy` (`network: { allow }`), cold behind the bridge to that
 * call's own proxy socket (a supervisor's namespace is shared by many calls, a bridge is not).
 */
function buildCommand(
  plan: ShellExecPlan,
  config: ShellToolConfig,
  redirects: OpenedRedirects | undefined,
  proxy: ProxySession | undefined,
): Pick<ProcessSpec, 'file' | 'args' | 'warm'> {
  const args = redirects === undefined ? plan.args : [...plan.args.slice(0, -1), redirects.command];
  // Checked here for both modes: in the sandbox a missing program would otherwise only show as
  // bubblewrap's exit code.
  if (!findProgram(plan.file, plan.env.PATH, plan.cwd)) {
    throw new ToolError(
      'execution_failed',
      `Could not start ${JSON.stringify(plan.file)}: not found or not executable. Check that the program exists and is executable.`,
      {
        reason: 'spawn_failed',
        file: plan.file,
      },
    );
  }
  if (!plan.sandboxed || config.bubblewrap === undefined) return { file: plan.file, args };
  const program = path.resolve(plan.cwd, plan.file);
  const roots = config.workspace.roots.map((root) => root.path);
  if (plan.file.includes('/') && !isInSandboxView(program, config.readable, roots)) {
    throw new ToolError(
      'execution_failed',
      `Could not start ${JSON.stringify(plan.file)}: it is outside what sandboxed commands see (the system directories and the workspace roots). ` +
        'Run a program from there, or ask the host to add its directory to shellTools({ sandbox: { readable } }).',
      { reason: 'spawn_failed', file: plan.file },
    );
  }
  const layout = {
    roots: config.workspace.roots,
    cwd: plan.cwd,
    network: config.network === true,
    readable: config.readable,
  };
  if (proxy === undefined) {
    const warm =
      config.supervisors === undefined
        ? {}
        : { warm: { supervisors: config.supervisors, layout, file: plan.file, args } };
    return { file: config.bubblewrap, args: [...buildSandboxArgs(layout), '--', plan.file, ...args], ...warm };
  }
  const fds = (redirects?.fds ?? []).map((_, index) => REDIRECT_FD_BASE + index);
  return {
    file: config.bubblewrap,
    args: [
      ...buildSandboxArgs(layout),
      ...buildNetworkArgs(proxy.socketPath),
      '--',
      ...buildBridgeCommand(
        plan.file,
        args,
        fds,
        typeof config.network === 'object' ? config.network.socat : undefined,
      ),
    ],
  };
}

/** The sandbox's start, as an event on the call's span when OpenTelemetry traces it. */
function announceSandbox(config: ShellToolConfig, command: Pick<ProcessSpec, 'warm'>): void {
  const { network } = config;
  addSpanEvent('agentkit.sandbox.start', {
    'agentkit.sandbox.program': 'bubblewrap',
    'agentkit.sandbox.warm': command.warm !== undefined,
    'agentkit.sandbox.network': typeof network === 'object' ? 'allow_list' : network ? 'on' : 'off',
  });
}

/**
 * What this call's preflight decided (the executor hands it over as `ctx.plan`): the body runs
 * exactly that, never the raw input.
 */
function getShellExecPlan(ctx: ToolContext): ShellExecPlan {
  const { plan } = ctx;
  if (typeof plan !== 'object' || plan === null) {
    throw new ToolError(
      'internal',
      'Tool `shell_exec` was invoked without its preflight; nothing was run. Run it through the executor.',
      { reason: 'missing_preflight' },
    );
  }
  return plan as ShellExecPlan;
}

/** The command's output streamed as `output` events `{ stream, text }`, bounded like the result. */
function streamOutput(ctx: ToolContext, maxOutputBytes: number): (stream: 'stdout' | 'stderr', chunk: Buffer) => void {
  const streamer = new OutputStreamer(maxOutputBytes, (chunk) => {
    ctx.output({ stream: chunk.stream, text: chunk.text });
  });
  return (stream, chunk) => {
    streamer.push(stream, chunk);
  };
}

/** `shell_exec`: one command, checked before it runs, contained while it runs. */
@BuiltInTool({
  name: 'shell_exec',
  description: DESCRIPTION,
  input: SHELL_EXEC_INPUT_SCHEMA,
  output: SHELL_EXEC_OUTPUT_SCHEMA,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, supportsStreamingHint: true },
  // The tool enforces each call's own timeout (up to 10 minutes) and kills the process group
  // itself; the executor's deadline only backs it up: the longest timeout, the longest kill
  // grace, and a margin.
  timeoutMs: SHELL_EXEC_DEFAULTS.maxTimeoutMs + 65_000,
})
export class ShellExecTool {
  public constructor(@inject(SHELL_TOOL_CONFIG) private readonly config: ShellToolConfig) {}

  @Preflight()
  public async preflight(input: ShellExecInput): Promise<PlannedRequests<ShellExecPlan>> {
    const plan = await planShellExec(input, this.config);
    return { requests: plan.requests, plan };
  }

  public async invoke(_input: ShellExecInput, ctx: ToolContext): Promise<ToolResult> {
    const plan = getShellExecPlan(ctx);
    const { signal } = ctx;
    const release = await this.config.slots.acquire(signal);
    try {
      if (signal.aborted)
        throw new ToolError('interrupted', 'The shell command was cancelled before it started.', {
          reason: 'cancelled',
        });
      if (readRealPath(plan.cwd) !== plan.cwd) {
        throw new ToolError(
          'execution_failed',
          `The working directory ${plan.cwd} changed after it was checked; nothing was run. Try again.`,
          { reason: 'cwd_changed' },
        );
      }
      const { config } = this;
      const hostProxy = plan.sandboxed && typeof config.network === 'object' ? config.network.proxy : undefined;
      const proxy = hostProxy === undefined ? undefined : await openProxySession(hostProxy);
      let redirects: OpenedRedirects | undefined;
      let outcome: ProcessOutcome;
      try {
        redirects =
          plan.redirects.length === 0
            ? undefined
            : openRedirectTargets(config.workspace, plan.args.at(-1) ?? '', plan.redirects);
        const command = buildCommand(plan, config, redirects, proxy);
        if (config.bubblewrap !== undefined && command.file === config.bubblewrap) announceSandbox(config, command);
        outcome = await runProcess({
          ...plan,
          ...command,
          killGraceMs: config.killGraceMs,
          maxOutputBytes: config.maxOutputBytes,
          hardOutputLimitBytes: config.hardOutputLimitBytes,
          ...(redirects === undefined ? {} : { extraFds: redirects.fds, extraFdBase: REDIRECT_FD_BASE }),
          signal,
          onOutput: streamOutput(ctx, config.maxOutputBytes),
        });
      } finally {
        redirects?.close();
        if (proxy !== undefined) hostProxy?.closeSession(proxy);
      }
      const refused = describeRefusedHosts(proxy);
      const timedOut = outcome.stopped === 'timeout';
      const value: JsonObject = {
        exitCode: outcome.exitCode,
        signal: outcome.signal,
        stdout: outcome.stdout,
        stderr: outcome.stderr + describeStop(outcome, plan, config),
        timedOut,
        truncated: outcome.truncated,
        ...refused.value,
      };
      const metadata: JsonObject = {
        stdoutBytes: outcome.stdoutBytes,
        stderrBytes: outcome.stderrBytes,
        ...(outcome.stopped === undefined ? {} : { stopped: outcome.stopped }),
        ...refused.metadata,
      };
      const isError = outcome.exitCode !== 0 || outcome.signal !== null || outcome.stopped !== undefined;
      return buildToolResult(ctx.request, { type: 'structured', value }, { isError, metadata });
    } finally {
      release();
    }
  }
}
