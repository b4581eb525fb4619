import { formatCount } from '../kernel/index.js';

function countLines(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}

/**
 * `text` within `maxChars`: whole when it fits, otherwise its head and its tail (cut at line
 * breaks when one is near) around a notice that says how many characters and lines were left
 * out. The notice counts towards the budget, so the result never exceeds `maxChars` when the
 * budget leaves room for it.
 */
export function fitToBudget(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const reserve = 120;
  const room = Math.max(0, maxChars - reserve);
  let headEnd = Math.ceil(room / 2);
  let tailStart = text.length - Math.floor(room / 2);
  // Prefer whole lines when a break is within the last/first fifth of each side.
  const headBreak = text.lastIndexOf('\n', headEnd - 1);
  if (headBreak >= 0 && headBreak >= headEnd - Math.ceil(room / 10)) headEnd = headBreak + 1;
  const tailBreak = text.indexOf('\n', tailStart);
  if (tailBreak !== -1 && tailBreak < tailStart + Math.ceil(room / 10) && tailBreak + 1 < text.length)
    tailStart = tailBreak + 1;
  const cut = text.slice(headEnd, tailStart);
  const notice = `[... ${formatCount(cut.length)} characters (${formatCount(countLines(cut))} line breaks) cut from the middle of this result to fit ${formatCount(maxChars)} characters ...]`;
  const head = text.slice(0, headEnd);
  return `${head}${head.endsWith('\n') || head === '' ? '' : '\n'}${notice}\n${text.slice(tailStart)}`;
}
