// The official MCP conformance suite's client scenarios against a fixture client written only
// with the public API (conformanceClient.ts: `mcpServers` + the executor). Each scenario the
// table runs must end with its status, in both directions. Every scenario runs in a process of
// its own started by the suite (about 10 s each on a loaded 2-core machine), so the OAuth
// scenarios (`auth/*`, 22 of them) are listed but not run here; see NOT_RUN.
import { describe, expect, it } from '@jest/globals';
import { listScenarios, runClientScenario, type ScenarioStatus } from './runConformanceSuite.js';

interface Expectation {
  /** The status it must end with; a scenario the suite judges by timing may also end `warn`. */
  readonly status: ScenarioStatus;
  readonly alsoWarn?: true;
  readonly reason?: string;
}

const EXPECTED: Readonly<Record<string, Expectation>> = {
  initialize: { status: 'pass' },
  tools_call: { status: 'pass' },
  'elicitation-sep1034-client-defaults': {
    status: 'fail',
    reason:
      "issue 18 item 5 (another helper): mcpServers declares no elicitation, so the server's elicitation/create is refused",
  },
  'sse-retry': {
    status: 'pass',
    alsoWarn: true,
    reason:
      'the suite times the reconnection (retry 500 ms, 200 ms late tolerance): on a loaded machine the SDK client can be late, a WARNING',
  },
};

// Not run: the OAuth client flows (auth/*). The fixture client has no authProvider wiring for
// the suite's authorization servers yet.

describe('the MCP conformance suite, client scenarios, against a fixture client of the public API', () => {
  it('lists the table scenarios, and only the auth/* scenarios (not run) besides', async () => {
    const listed = await listScenarios('client');
    expect(listed.filter((name) => !name.startsWith('auth/')).sort()).toEqual(Object.keys(EXPECTED).sort());
  }, 60_000);

  it.each(Object.entries(EXPECTED))(
    '%s: status as in the table',
    async (scenario, expected) => {
      const { status, checks } = await runClientScenario(scenario);
      const problems = checks
        .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
        .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ''}`);
      const accepted = expected.alsoWarn === true && status === 'warn' ? 'warn' : expected.status;
      expect({ scenario, status, problems }).toEqual({
        scenario,
        status: accepted,
        problems: accepted === 'pass' ? [] : problems,
      });
    },
    90_000,
  );
});
