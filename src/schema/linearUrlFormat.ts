import { LinearRegExp } from './LinearRegExp.js';

/** JavaScript's `\S` (RE2's `\S` knows only ASCII blanks). */
const NON_BLANK = '[^\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
const OCTET = '(?:1?\\d{1,2}|2[0-4]\\d|25[0-5])';
const LAST_OCTET = '(?:[1-9]\\d?|1\\d\\d|2[0-4]\\d|25[0-4])';
/**
 * ajv-formats' public IPv4 hosts with its negative lookaheads spelled out: no `10.`, `127.`,
 * `169.254.`, `192.168.`, `172.16.`-`172.31.` (each octet is all the digits up to its dot).
 */
const PUBLIC_IPV4 = [
  `(?:[1-9]|1[1-9]|[2-9]\\d|1[013458]\\d|12[0-689]|16[0-8]|17[013-9]|19[013-9]|2[01]\\d|22[0-3])(?:\\.${OCTET}){2}`,
  '169\\.(?:1?\\d{1,2}|2[0-4]\\d|25[0-35])',
  '192\\.(?:\\d{1,2}|1[0-57-9]\\d|16[0-79]|2[0-4]\\d|25[0-5])',
  '172\\.(?:\\d|0\\d|1[0-5]|3[2-9]|[4-9]\\d|1\\d\\d|2[0-4]\\d|25[0-5])',
]
  .map((start, index) => (index === 0 ? start : `${start}\\.${OCTET}`))
  .join('|');
const LABEL = '(?:[a-z0-9\\u{00a1}-\\u{ffff}]+-)*[a-z0-9\\u{00a1}-\\u{ffff}]+';
const HOST_NAME = `${LABEL}(?:\\.${LABEL})*(?:\\.(?:[a-z\\u{00a1}-\\u{ffff}]{2,}))`;
const URL_PATTERN = `^(?:https?|ftp):\\/\\/(?:${NON_BLANK}+(?::${NON_BLANK}*)?@)?(?:(?:${PUBLIC_IPV4})\\.${LAST_OCTET}|${HOST_NAME})(?::\\d{2,5})?(?:\\/${NON_BLANK}*)?$`;

/** Compiled when the format is first checked (the engine loads then). */
let url: LinearRegExp | undefined;

/**
 * ajv-formats' `url` format on the linear-time engine: the same language as its regular
 * expression (checked against it by a property test), whose `\S+(?::\S*)?@` takes quadratic
 * time on a backtracking engine (`http://` and a megabyte of `::` froze the process for
 * minutes while a tool input was validated).
 */
export function linearUrlFormat(text: string): boolean {
  url ??= LinearRegExp.compile(URL_PATTERN, { ignoreCase: true });
  return url.test(text);
}
