/** How a transcript of flat items shows calls and their answers (OpenAI Chat messages, Responses items). */
export interface FlatShape<T> {
  /** The ids of the calls `item` makes, in order; empty when it makes none. */
  readonly callsOf: (item: T) => readonly string[];
  /** The call id `item` answers, or `undefined` when it answers none. */
  readonly answerOf: (item: T) => string | undefined;
}

/**
 * `items` with `answer` (the answer to call `callId`) where the provider wants it: with the
 * other answers of its turn, right after the run of items that make the turn's calls, in the
 * order of the calls; an earlier answer to the same call (a placeholder) is replaced. The
 * latest item making `callId` is the one answered. Returns `undefined` when no item makes it.
 */
export function placeFlatResult<T>(
  items: readonly T[],
  answer: T,
  callId: string,
  shape: FlatShape<T>,
): T[] | undefined {
  const holder = items.findLastIndex((item) => shape.callsOf(item).includes(callId));
  if (holder === -1) return undefined;
  let start = holder;
  while (start > 0 && shape.callsOf(items[start - 1] as T).length > 0) start--;
  let end = holder + 1;
  while (end < items.length && shape.callsOf(items[end] as T).length > 0) end++;
  const callsEnd = end;
  while (end < items.length && shape.answerOf(items[end] as T) !== undefined) end++;
  const calls = items.slice(start, callsEnd).flatMap((item) => shape.callsOf(item));
  const answers = new Map(items.slice(callsEnd, end).map((item) => [shape.answerOf(item), item]));
  answers.set(callId, answer);
  const ordered = calls.flatMap((id) => {
    const found = answers.get(id);
    answers.delete(id);
    return found === undefined ? [] : [found];
  });
  // Answers to calls the run does not make (the host's own) stay, after the turn's.
  return [...items.slice(0, callsEnd), ...ordered, ...answers.values(), ...items.slice(end)];
}
