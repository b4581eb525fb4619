/**
 * The search worker's entry (bundled into `assets/fs-search-worker.mjs` by
 * `npm run worker:update`): reads and searches the batches of files a tree search hands it,
 * with the walkers' one read (`readRegularFileSync`, through the handles the host holds open)
 * and the one per-file search (`searchFileBytes`), and answers each batch's outcomes in order.
 */
import { parentPort } from 'node:worker_threads';
import { buildSearchPattern } from './buildSearchPattern.js';
import { searchFile, type FileSearch } from './searchFile.js';
import type { FromSearchWorker, ToSearchWorker } from './SearchWorkerProtocol.js';

const port = parentPort;
if (port === null) throw new Error('The search worker runs only as a worker thread.');

let search: FileSearch | undefined;

function post(message: FromSearchWorker): void {
  port?.postMessage(message);
}

port.on('message', (message: ToSearchWorker) => {
  if (message.type === 'task') {
    const { task } = message;
    // The host compiled this pattern already: it compiles here too.
    search = { ...task, pattern: buildSearchPattern(task.pattern, task.ignoreCase) };
    return;
  }
  try {
    if (search === undefined) throw new Error('a batch before its task');
    const task = search;
    post({ type: 'searched', batch: message.batch, outcomes: message.files.map((file) => searchFile(file, task)) });
  } catch {
    post({ type: 'failed', batch: message.batch });
  }
});

post({ type: 'ready' });
