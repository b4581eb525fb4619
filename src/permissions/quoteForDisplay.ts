import { headOfText } from '../values/headOfText.js';

/**
 * How many characters of a command, path or pattern a reason or summary shows by default.
 * @internal
 */
export const MAX_DISPLAY_LENGTH = 200;

/**
 * How {@link quoteForDisplay} shows text: `quoted`, a JSON string (for a value inside a sentence:
 * a name, a path, a command); `line`, the text as it is, on one line and with its hidden
 * characters escaped but no quotes added (for a whole sentence built from quoted parts: a reason,
 * a summary, a tool's result line).
 * @internal
 */
export type DisplayForm = 'quoted' | 'line';

const COUNT = new Intl.NumberFormat('en-US');

/**
 * Every character a person cannot see, or that moves or hides other text: controls (C0, DEL,
 * C1: ESC, CR, LF, ...), format characters (bidirectional marks, embeddings, overrides and
 * isolates U+200E-200F U+202A-202E U+2066-2069 U+061C, zero-width characters, the BOM, soft
 * hyphen, tags), line and paragraph separators, every space but U+0020, surrogates, private-use
 * and unassigned code points, and the invisible letters and selectors (Hangul fillers, combining
 * grapheme joiner, variation selectors, Mongolian selectors, Khmer inherent vowels, braille blank).
 */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\u115f\u1160\u2800\u3164\uffa0]|\u034f|\u17b4|\u17b5|[\u180b-\u180f]|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `char` as JSON-style escapes, one `\uXXXX` per UTF-16 unit (a plain space stays as it is). */
function escapeHidden(char: string): string {
  if (char === ' ') return char;
  const named = NAMED[char];
  if (named !== undefined) return named;
  let escaped = '';
  for (let index = 0; index < char.length; index++)
    escaped += `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`;
  return escaped;
}

/** `text` (at most its first `max` characters) in `form`, every hidden character escaped. */
function show(text: string, form: DisplayForm): string {
  return (form === 'quoted' ? JSON.stringify(text) : text).replace(HIDDEN, escapeHidden);
}

/**
 * The one display function: every string a remote party, a model or user code controls (MCP
 * tool, resource and server names, titles, descriptions, commands, paths, error text) is shown
 * to a person through it, in approval reasons and summaries, elicitation messages, terminal
 * output and rendered errors. It escapes everything {@link HIDDEN} matches (ESC, CR/LF and other
 * controls, bidirectional overrides and isolates, zero-width and other invisible characters) as
 * `\n`, `\r`, `\t` or `\uXXXX`, so no text can rewrite the line it sits on, reorder what follows
 * it or pass for the end of the text.
 *
 * In the default `quoted` form `value` is a JSON string (a non-string value: its JSON text).
 * Text longer than `max` characters is shortened, never silently: the shown head is followed,
 * outside the quotes (so the text itself cannot fake it), by how many characters were left out:
 * `"git status -- xx"… [1,234 more characters]`. Whoever shows a shortened value must also carry
 * the full one (a request's `target`); pass `Infinity` to show all of it.
 * @internal
 */
export function quoteForDisplay(
  value: unknown,
  max: number = MAX_DISPLAY_LENGTH,
  form: DisplayForm = 'quoted',
): string {
  const quote = form === 'quoted' && typeof value === 'string';
  const text = typeof value === 'string' ? value : ((JSON.stringify(value) as string | undefined) ?? String(value));
  const shownForm: DisplayForm = quote ? 'quoted' : 'line';
  if (text.length <= max) return show(text, shownForm);
  // Never split a surrogate pair: the head ends before a lone high surrogate.
  const head = headOfText(text, max);
  return `${show(head, shownForm)}… [${COUNT.format(text.length - head.length)} more characters]`;
}
