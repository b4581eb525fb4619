/**
 * The isolate worker's entry (bundled into `assets/code-isolate-worker.mjs` by
 * `npm run worker:update`): runs one script at a time in an `Isolate`, answering the host's
 * messages (see `WorkerProtocol`). A script that holds the engine past its deadline inside
 * one long built-in call (QuickJS checks its interrupt handler only every 10,000 steps) is
 * ended by the host terminating this worker: nothing the script does can keep the host's
 * own thread.
 */
import { parentPort } from 'node:worker_threads';
import { Isolate } from './Isolate.js';
import type { FromWorker, ToWorker, WorkerScript } from './WorkerProtocol.js';

const port = parentPort;
if (port === null) throw new Error('The code isolate worker runs only as a worker thread.');

let isolate: Isolate | undefined;

function post(message: FromWorker): void {
  port?.postMessage(message);
}

function drained(): void {
  if (isolate === undefined) return;
  post({ type: 'drained', end: isolate.end, calls: isolate.calls, memoryBytes: isolate.memoryBytes });
}

async function start(script: WorkerScript, code: string): Promise<void> {
  const { declarations, missing } = script;
  let opened: Isolate;
  try {
    opened = await Isolate.open({
      session: script.session,
      memoryBytes: script.memoryBytes,
      stackBytes: script.stackBytes,
      // On this thread's own monotonic clock.
      deadline: performance.now() + (script.deadlineEpochMs - Date.now()),
      toolNames: script.toolNames,
      seed: script.seed,
      now: script.now,
      onCall: (index, name, input) => {
        // Counted here too: a loop of calls that never awaits must stop without the host's word.
        if (index >= script.maxToolCalls) opened.stop();
        post({ type: 'call', index, name, input });
      },
      onConsole: (level, text) => {
        post({ type: 'console', level, text });
      },
      describe: (name) =>
        Object.hasOwn(declarations, name)
          ? (declarations[name] as string)
          : `// No callable tool is named ${JSON.stringify(name)}. ${missing}`,
    });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  isolate = opened;
  opened.start(code);
  drained();
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'start':
      void start(message.script, message.code);
      return;
    case 'settle':
      isolate?.settle(message.index, message.envelope);
      drained();
      return;
    case 'stop':
      isolate?.stop();
      return;
    case 'release':
      isolate?.dispose();
      isolate = undefined;
      post({ type: 'released' });
      return;
  }
});
