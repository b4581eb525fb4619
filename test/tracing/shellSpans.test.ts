import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkSandbox } from '../shell/fixtures/checkSandbox.js';
import { createShellHarness, type ShellHarness } from '../shell/fixtures/createShellHarness.js';
import { registerOtel, type OtelHarness } from './otelHarness.js';

describe('shell_exec tracing (OpenTelemetry)', () => {
  let otel: OtelHarness;
  let harness: ShellHarness;
  let sandboxed: boolean;

  beforeAll(async () => {
    sandboxed = await checkSandbox('shell_exec tracing');
    otel = registerOtel();
    harness = await createShellHarness({ shell: { sandbox: sandboxed ? 'required' : 'off' } });
  });
  afterAll(async () => {
    await harness.close();
    await otel.shutdown();
  });

  it('puts the sandbox start on the call span as an event (none when the command runs unconfined)', async () => {
    const outcome = await harness.run({ command: 'echo hello' });
    expect(outcome.status).toBe('completed');
    const span = otel.span('execute_tool shell_exec');
    // The container's shell tools run commands in warm supervisors (a started bubblewrap namespace).
    const events = span.events.map((event) => [event.name, event.attributes]);
    expect(events).toStrictEqual(
      sandboxed
        ? [
            [
              'agentkit.sandbox.start',
              {
                'agentkit.sandbox.program': 'bubblewrap',
                'agentkit.sandbox.warm': true,
                'agentkit.sandbox.network': 'off',
              },
            ],
          ]
        : [],
    );
  });
});
