// The official MCP conformance suite (`@modelcontextprotocol/conformance` 0.1.16), every client
// scenario, against a fixture client written only with the public API (conformanceClient.ts:
// `mcpServers`, the executor, `finishAuth`, the CredentialStore). Each scenario's status must be
// the one in EXPECTED, in both directions: a scenario that starts passing must be moved to `pass`
// here (and its reason dropped), so the table stays the truth.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { runClientScenarios } from './runClientScenarios.js';
import { listScenarios, type ScenarioStatus, type SuiteRun } from './runConformanceSuite.js';

interface Expectation {
  /** The status it must end with; a scenario the suite judges by timing may also end `warn`. */
  readonly status: ScenarioStatus;
  readonly alsoWarn?: true;
  /** Why a scenario does not pass yet (or, with `alsoWarn`, why it may warn). */
  readonly reason?: string;
}

const EXPECTED: Readonly<Record<string, Expectation>> = {
  initialize: { status: 'pass' },
  tools_call: { status: 'pass' },
  'elicitation-sep1034-client-defaults': { status: 'pass' },
  'sse-retry': {
    status: 'pass',
    alsoWarn: true,
    reason:
      'the suite times the reconnection (retry 500 ms, 200 ms late tolerance): on a loaded machine the SDK client can be late, a WARNING',
  },
  'auth/metadata-default': { status: 'pass' },
  'auth/metadata-var1': { status: 'pass' },
  'auth/metadata-var2': { status: 'pass' },
  'auth/metadata-var3': { status: 'pass' },
  'auth/basic-cimd': { status: 'pass' },
  'auth/scope-from-www-authenticate': { status: 'pass' },
  'auth/scope-from-scopes-supported': { status: 'pass' },
  'auth/scope-omitted-when-undefined': { status: 'pass' },
  'auth/scope-step-up': { status: 'pass' },
  'auth/scope-retry-limit': { status: 'pass' },
  'auth/token-endpoint-auth-basic': { status: 'pass' },
  'auth/token-endpoint-auth-post': { status: 'pass' },
  'auth/token-endpoint-auth-none': { status: 'pass' },
  'auth/pre-registration': { status: 'pass' },
  'auth/2025-03-26-oauth-metadata-backcompat': { status: 'pass' },
  'auth/2025-03-26-oauth-endpoint-fallback': { status: 'pass' },
  'auth/resource-mismatch': { status: 'pass' },
  'auth/offline-access-scope': { status: 'pass' },
  'auth/offline-access-not-supported': { status: 'pass' },
  'auth/client-credentials-jwt': { status: 'pass' },
  'auth/client-credentials-basic': { status: 'pass' },
  'auth/cross-app-access-complete-flow': { status: 'pass' },
};

let run: SuiteRun;

beforeAll(async () => {
  run = await runClientScenarios(Object.keys(EXPECTED));
}, 600_000);

describe('the MCP conformance suite, client scenarios, against a fixture client of the public API', () => {
  it('lists exactly the scenarios of the table (a new or renamed scenario must get a row)', async () => {
    expect((await listScenarios('client')).sort()).toEqual(Object.keys(EXPECTED).sort());
  }, 60_000);

  it.each(Object.entries(EXPECTED))('%s: status as in the table', (scenario, expected) => {
    const found = run.scenarios.get(scenario);
    // A scenario the suite judges by timing may warn on a loaded machine: its warning counts as passing.
    const lateOnly = expected.alsoWarn === true && found?.status === 'warn';
    const problems = (lateOnly ? [] : (found?.checks ?? []))
      .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
      .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ''}`);
    expect({ scenario, status: lateOnly ? expected.status : found?.status, problems }).toEqual({
      scenario,
      status: expected.status,
      // The checks that failed or warned show in the difference when the status is not the expected one.
      problems: expected.status === 'pass' ? [] : problems,
    });
  });

  it('gives every scenario that does not pass (or may warn) its reason, and none to one that passes', () => {
    for (const [scenario, { status, reason }] of Object.entries(EXPECTED))
      expect({ scenario, hasReason: reason !== undefined }).toEqual({
        scenario,
        hasReason: status !== 'pass' || EXPECTED[scenario]?.alsoWarn === true,
      });
  });
});
