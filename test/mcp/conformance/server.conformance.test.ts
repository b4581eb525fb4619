// The official MCP conformance suite (`@modelcontextprotocol/conformance` 0.1.16), every server
// scenario, against a fixture written only with the public API (conformanceServer.ts). Each
// scenario's status must be the one in EXPECTED, in both directions: a scenario that starts
// passing must be moved to `pass` here (and its reason dropped), so the table stays the truth.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startConformanceServer } from './conformanceServer.js';
import {
  listScenarios,
  runServerScenarios,
  SSE_PROTOCOL_HEADER_FIX,
  type ScenarioStatus,
  type SuiteRun,
} from './runConformanceSuite.js';

interface Expectation {
  readonly status: ScenarioStatus;
  /** Why a scenario does not pass yet. */
  readonly reason?: string;
}

const EXPECTED: Readonly<Record<string, Expectation>> = {
  'server-initialize': { status: 'pass' },
  'logging-set-level': { status: 'pass' },
  ping: { status: 'pass' },
  'completion-complete': { status: 'pass' },
  'tools-list': { status: 'pass' },
  'tools-call-simple-text': { status: 'pass' },
  'tools-call-image': { status: 'pass' },
  'tools-call-audio': { status: 'pass' },
  'tools-call-embedded-resource': { status: 'pass' },
  'tools-call-mixed-content': { status: 'pass' },
  'tools-call-error': { status: 'pass' },
  'tools-call-with-logging': { status: 'pass' },
  'tools-call-with-progress': { status: 'pass' },
  'tools-call-sampling': { status: 'pass' },
  'tools-call-elicitation': { status: 'pass' },
  'json-schema-2020-12': { status: 'pass' },
  'elicitation-sep1034-defaults': { status: 'pass' },
  'server-sse-polling': {
    status: 'warn',
    reason:
      "the suite's bug, not the server's: the scenario tests SEP-1699's priming event (protocol 2025-11-25) but its requests declare `mcp-protocol-version: 2025-03-26`, " +
      'and the SDK transport (rightly) sends no priming event, so no `retry`, to a client declaring a version older than 2025-11-25 (it cannot parse the empty data). ' +
      'Fixed upstream (modelcontextprotocol/conformance PR #366, in 0.2.0 alphas only); with that fix the scenario passes (the test below)',
  },
  'server-sse-multiple-streams': { status: 'pass' },
  'elicitation-sep1330-enums': { status: 'pass' },
  'resources-list': { status: 'pass' },
  'resources-read-text': { status: 'pass' },
  'resources-read-binary': { status: 'pass' },
  'resources-templates-read': { status: 'pass' },
  'resources-subscribe': { status: 'pass' },
  'resources-unsubscribe': { status: 'pass' },
  'prompts-list': { status: 'pass' },
  'prompts-get-simple': { status: 'pass' },
  'prompts-get-with-args': { status: 'pass' },
  'prompts-get-embedded-resource': { status: 'pass' },
  'prompts-get-with-image': { status: 'pass' },
  'dns-rebinding-protection': { status: 'pass' },
};

let server: Awaited<ReturnType<typeof startConformanceServer>> | undefined;
let run: SuiteRun;

beforeAll(async () => {
  server = await startConformanceServer();
  run = await runServerScenarios(server.url);
}, 300_000);

afterAll(async () => {
  await server?.close();
});

describe('the MCP conformance suite, server scenarios, against a fixture of public-API tools', () => {
  it('lists exactly the scenarios of the table (a new or renamed scenario must get a row)', async () => {
    expect((await listScenarios('server')).sort()).toEqual(Object.keys(EXPECTED).sort());
  }, 60_000);

  it('ran every scenario of the table', () => {
    expect([...run.scenarios.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s: status as in the table', (scenario, expected) => {
    const found = run.scenarios.get(scenario);
    const problems = (found?.checks ?? [])
      .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
      .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ''}`);
    expect({ scenario, status: found?.status, problems }).toEqual({
      scenario,
      status: expected.status,
      // The checks that failed or warned show in the difference when the status is not the expected one.
      problems: expected.status === 'pass' ? [] : problems,
    });
  });

  it("passes server-sse-polling, priming event first and `retry` included, once the scenario declares the protocol version it tests (the suite's upstream fix, applied by a test-only loader)", async () => {
    const fixed = await runServerScenarios(server?.url ?? '', 60_000, {
      scenario: 'server-sse-polling',
      nodeArgs: ['--import', SSE_PROTOCOL_HEADER_FIX],
    });
    const checks = fixed.scenarios.get('server-sse-polling')?.checks ?? [];
    expect({
      status: fixed.scenarios.get('server-sse-polling')?.status,
      checks: checks.filter((check) => check.status !== 'INFO').map((check) => [check.id, check.status]),
    }).toStrictEqual({
      status: 'pass',
      checks: [
        ['server-sse-priming-event', 'SUCCESS'],
        ['server-sse-retry-field', 'SUCCESS'],
      ],
    });
  }, 90_000);

  it('gives every scenario that does not pass its reason, and none to one that passes', () => {
    for (const [scenario, { status, reason }] of Object.entries(EXPECTED))
      expect({ scenario, hasReason: reason !== undefined }).toEqual({ scenario, hasReason: status !== 'pass' });
  });
});
