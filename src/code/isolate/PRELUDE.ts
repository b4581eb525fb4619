/**
 * The script's side of the bridge, evaluated in the isolate before the script: a function of
 * the host's four callbacks and the run's constants that sets up `tools`, `console`,
 * `describe`, `ToolCallError`, a fixed `Date` and a seeded `Math.random`, compiles the script as
 * the body of an async function (so the script can never close the wrapper and run outside it)
 * and returns a function that starts it. Only strings cross to the host: every value is JSON
 * text made here with the intrinsics captured before the script could replace them, and the
 * callbacks are closed over, never reachable from the script's globals.
 *
 * `done` hears one tagged string: `r` + the result's JSON text, `j` when the result is not JSON
 * (+ why), or `e` + a JSON description of what the script threw.
 */
export const PRELUDE = String.raw`(function (call, print, describeTool, done, namesJson, seed, now, code) {
  'use strict';
  const names = JSON.parse(namesJson);
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const apply = Reflect.apply;
  const then = Promise.prototype.then;
  const defineProperty = Object.defineProperty;
  const freeze = Object.freeze;
  const StringOf = String;
  const RealDate = Date;
  const isArray = Array.isArray;
  const join = Array.prototype.join;
  const map = Array.prototype.map;

  class ToolCallError extends Error {
    constructor(error) {
      super(error.message);
      this.name = 'ToolCallError';
      this.code = error.code;
      this.reason = error.reason;
      this.details = error.details;
      this.tool = error.tool;
    }
  }

  const invoker = (name) =>
    async function (input) {
      const text = stringify(input === undefined ? {} : input);
      if (typeof text !== 'string') throw new TypeError('tools.' + name + '(input): input must be a JSON value.');
      const answer = parse(await call(name, text));
      if (answer.ok === true) return answer.value;
      throw new ToolCallError(answer.error);
    };
  const callable = Object.create(null);
  for (let i = 0; i < names.length; i++) {
    defineProperty(callable, names[i], { value: invoker(names[i]), enumerable: true });
  }
  freeze(callable);
  const hasOwn = Object.prototype.hasOwnProperty;
  // A name that is not callable still reaches the host, which answers why (and what is callable);
  // \`then\` stays undefined, so \`tools\` is never taken for a promise.
  const tools = new Proxy(callable, {
    get(target, key) {
      if (typeof key !== 'string' || key === 'then' || apply(hasOwn, target, [key])) return target[key];
      return invoker(key);
    },
  });

  const show = (value) => {
    if (typeof value === 'string') return value;
    try {
      const text = stringify(value);
      return typeof text === 'string' ? text : StringOf(value);
    } catch (thrown) {
      return StringOf(value);
    }
  };
  const logger = (level) => function () {
    print(level, apply(join, apply(map, arguments, [show]), [' ']));
  };
  const consoleObject = freeze({
    log: logger('log'),
    info: logger('info'),
    warn: logger('warn'),
    error: logger('error'),
    debug: logger('debug'),
  });
  const describe = (name) => describeTool(StringOf(name));

  // Replays see the same clock and the same random numbers as the run they replay.
  let state = seed >>> 0;
  const random = function random() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  function FixedDate(...args) {
    if (new.target === undefined) return new RealDate(now).toString();
    return args.length === 0 ? new RealDate(now) : new RealDate(...args);
  }
  FixedDate.prototype = RealDate.prototype;
  defineProperty(RealDate.prototype, 'constructor', { value: FixedDate, writable: true, configurable: true });
  FixedDate.now = () => now;
  FixedDate.parse = RealDate.parse;
  FixedDate.UTC = RealDate.UTC;

  const global = globalThis;
  defineProperty(Math, 'random', { value: random, writable: true, configurable: true });
  for (const [key, value] of [['tools', tools], ['console', consoleObject], ['describe', describe], ['ToolCallError', ToolCallError], ['Date', FixedDate]]) {
    defineProperty(global, key, { value, writable: false, enumerable: false, configurable: false });
  }
  // Garbage collection decides when these run: a replay could not see them in the same order.
  delete global.WeakRef;
  delete global.FinalizationRegistry;

  const AsyncFunction = (async function () {}).constructor;
  const script = new AsyncFunction(code);

  const describeError = (thrown) => {
    try {
      if (thrown instanceof ToolCallError) {
        return stringify({ name: 'ToolCallError', message: StringOf(thrown.message), code: StringOf(thrown.code), tool: StringOf(thrown.tool) });
      }
      if (thrown instanceof Error) {
        return stringify({ name: StringOf(thrown.name), message: StringOf(thrown.message), stack: StringOf(thrown.stack) });
      }
      return stringify({ name: 'thrown value', message: show(thrown) });
    } catch (again) {
      return stringify({ name: 'thrown value', message: 'a value that cannot be described' });
    }
  };
  const finish = (value) => {
    let text;
    try {
      text = stringify(value === undefined ? null : value);
    } catch (thrown) {
      done('j' + show(thrown && thrown.message));
      return;
    }
    done(typeof text === 'string' ? 'r' + text : 'r' + 'null');
  };
  return function start() {
    apply(then, script(), [finish, (thrown) => done('e' + describeError(thrown))]);
  };
})`;
