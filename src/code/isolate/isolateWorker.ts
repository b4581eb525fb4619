/**
 * The isolate worker's entry (bundled into `assets/code-isolate-worker.mjs` by
 * `npm run worker:update`): runs one session's scripts, each in an `Isolate` of its own,
 * answering the host's messages (see `WorkerProtocol`). A script that holds the engine past its
 * deadline inside one long built-in call (QuickJS checks its interrupt handler only every
 * 10,000 steps) is ended by the host terminating this worker: nothing a script does can hold
 * the host's own thread.
 */
import { parentPort } from 'node:worker_threads';
import { Isolate } from './Isolate.js';
import type { FromWorker, ToWorker, WorkerScript } from './WorkerProtocol.js';

const port = parentPort;
if (port === null) throw new Error('The code isolate worker runs only as a worker thread.');

const isolates = new Map<number, Isolate>();
/** Per script: console characters passed on, and lines dropped past the limit. */
const consoles = new Map<number, { chars: number; dropped: number }>();

function post(message: FromWorker): void {
  port?.postMessage(message);
}

function drained(id: number): void {
  const isolate = isolates.get(id);
  if (isolate === undefined) return;
  post({
    type: 'drained',
    id,
    end: isolate.end,
    calls: isolate.calls,
    memoryBytes: isolate.memoryBytes,
    consoleDropped: consoles.get(id)?.dropped ?? 0,
  });
}

async function start(id: number, script: WorkerScript, code: string): Promise<void> {
  const { declarations, missing } = script;
  const written = { chars: 0, dropped: 0 };
  consoles.set(id, written);
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
        // Counted here too: a loop of calls that never awaits must stop without the host's word,
        // and only the first call past the limit crosses (the host ends the run on it).
        if (index >= script.maxToolCalls) opened.stop();
        if (index <= script.maxToolCalls) post({ type: 'call', id, index, name, input });
      },
      onConsole: (level, text) => {
        if (written.chars >= script.maxConsoleChars) {
          written.dropped++;
          return;
        }
        written.chars += text.length;
        post({ type: 'console', id, level, text });
      },
      describe: (name) =>
        Object.hasOwn(declarations, name)
          ? (declarations[name] as string)
          : `// No callable tool is named ${JSON.stringify(name)}. ${missing}`,
    });
  } catch (error) {
    post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  isolates.set(id, opened);
  opened.start(code);
  drained(id);
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'start':
      void start(message.id, message.script, message.code);
      return;
    case 'settle':
      isolates.get(message.id)?.settle(message.index, message.envelope);
      drained(message.id);
      return;
    case 'stop':
      isolates.get(message.id)?.stop();
      return;
    case 'release':
      isolates.get(message.id)?.dispose();
      isolates.delete(message.id);
      consoles.delete(message.id);
      post({ type: 'released', id: message.id });
      return;
  }
});
