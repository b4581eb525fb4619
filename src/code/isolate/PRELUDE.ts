/**
 * The script's side of the bridge, evaluated in the isolate before the script: a function of
 * the host's four callbacks and the run's constants that sets up `tools`, `console`,
 * `describe`, `ToolCallError`, a fixed `Date` and a seeded `Math.random`, compiles the script as
 * the body of an async function (a script that closes that function is refused, see below)
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

  // The engine's AsyncFunction constructor pastes the body between its header and a closing
  // brace and compiles that: a body like "}); evil(); (async function () {" closes the function
  // and runs the rest at the top level, during the compilation. So the script is compiled before
  // tools, console or describe exist (whatever escapes reaches no callback: they are this
  // function's parameters), and a function whose source is not exactly the header, the body and
  // the brace is refused before anything of it is left to run (no job is run after a refusal).
  const AsyncFunction = (async function () {}).constructor;
  const toSource = Function.prototype.toString;
  const Refused = SyntaxError;
  const script = new AsyncFunction(code);
  if (typeof script !== 'function' || apply(toSource, script, []) !== 'async function anonymous(\n) {\n' + code + '\n}') {
    throw new Refused('a closing brace ends the script before its end (the script is the body of an async function): balance its braces');
  }

  // Its fields are defined, not assigned: a setter or getter-only accessor the script put on
  // Object.prototype (or a frozen Error.prototype) would otherwise turn every failed call into a TypeError.
  const own = (target, key, value) => defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  class ToolCallError extends Error {
    constructor(error) {
      super(error.message);
      own(this, 'name', 'ToolCallError');
      own(this, 'code', error.code);
      own(this, 'reason', error.reason);
      own(this, 'details', error.details);
      own(this, 'tool', error.tool);
    }
  }

  const invokerOf = (name) => async function (input) {
    const text = stringify(input === undefined ? {} : input);
    if (typeof text !== 'string') throw new TypeError('tools.' + name + '(input): input must be a JSON value.');
    const answer = parse(await call(name, text));
    if (answer.ok === true) return answer.value;
    throw new ToolCallError(answer.error);
  };
  const callable = Object.create(null);
  for (let i = 0; i < names.length; i++) {
    defineProperty(callable, names[i], { value: invokerOf(names[i]), enumerable: true });
  }
  freeze(callable);
  // Any other name calls through the host too, which answers a ToolCallError (not_found,
  // unknown_tool) the script can catch, instead of a bare "not a function". The keys a value is
  // probed for by the language (then, toJSON) and symbols stay undefined, so tools is no thenable.
  // The handler has no prototype: a trap the script puts on Object.prototype is never consulted.
  const tools = new Proxy(callable, {
    __proto__: null,
    get(target, key) {
      if (typeof key !== 'string' || key in target || key === 'then' || key === 'toJSON') return target[key];
      return invokerOf(key);
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
    // As JSON text: a string crosses to the host as UTF-8, where a lone surrogate would not survive.
    print(level, stringify(apply(join, apply(map, arguments, [show]), [' '])));
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

  // Written from strings alone: stringify of an object consults toJSON, which the script may
  // have put on Object.prototype (the description would come out as its value, or throw, and
  // the run would never end). stringify of a string primitive consults nothing.
  const describeAs = (name, message, code, tool, stack) => {
    let text = '{"name":' + stringify(name) + ',"message":' + stringify(message);
    if (code !== undefined) text += ',"code":' + stringify(code);
    if (tool !== undefined) text += ',"tool":' + stringify(tool);
    if (stack !== undefined) text += ',"stack":' + stringify(stack);
    return text + '}';
  };
  const describeError = (thrown) => {
    try {
      if (thrown instanceof ToolCallError) {
        return describeAs('ToolCallError', StringOf(thrown.message), StringOf(thrown.code), StringOf(thrown.tool));
      }
      if (thrown instanceof Error) {
        return describeAs(StringOf(thrown.name), StringOf(thrown.message), undefined, undefined, StringOf(thrown.stack));
      }
      return describeAs('thrown value', StringOf(show(thrown)));
    } catch (again) {
      return describeAs('thrown value', 'a value that cannot be described');
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
