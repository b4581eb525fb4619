// `node --import ./bench/startup/countModules.mjs <script>`: on exit, writes to stderr one line
// `MODULES {"total":N,"byPackage":{...}}`: every file the process loaded, ESM (seen by a loader
// hook, which runs on the loader's thread and posts each URL back) and CommonJS (every
// Module._extensions handler wrapped), grouped by package ("agentkit-tools-core" for dist/).
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const files = new Set();
for (const extension of Object.keys(Module._extensions)) {
  const original = Module._extensions[extension];
  Module._extensions[extension] = function (module, filename) {
    files.add(filename);
    return original.call(this, module, filename);
  };
}
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => {
  if (url.startsWith('file:')) files.add(fileURLToPath(url));
});
port1.unref();
const hook =
  'let port; export function initialize(data) { port = data.port; } ' +
  'export async function load(url, context, next) { port.postMessage(url); return next(url, context); }';
register(`data:text/javascript,${encodeURIComponent(hook)}`, {
  parentURL: import.meta.url,
  data: { port: port2 },
  transferList: [port2],
});

function packageOf(file) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (match !== null) return match[1];
  return /\/dist\//.test(file) ? 'agentkit-tools-core' : '(script)';
}

process.on('exit', () => {
  const byPackage = {};
  for (const file of files) byPackage[packageOf(file)] = (byPackage[packageOf(file)] ?? 0) + 1;
  process.stderr.write(`MODULES ${JSON.stringify({ total: files.size, byPackage })}\n`);
});
