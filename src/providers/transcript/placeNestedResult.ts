/** How a transcript of messages holding blocks shows calls and their answers (Anthropic, Gemini). */
export interface NestedShape<M, B> {
  /** Whether `message` is one that holds the answers to the message before it (a user message). */
  readonly holdsAnswers: (message: M) => boolean;
  /** The blocks of an answers message (a string content as one text block). */
  readonly blocksOf: (message: M) => readonly B[];
  /** The call id `block` answers, or `undefined` when it answers none. */
  readonly answerOf: (block: B) => string | undefined;
  /** The answers message holding `blocks`. */
  readonly build: (blocks: B[]) => M;
}

/**
 * `messages` with `answer` (the answer block to call `callId`, made by the message at `holder`)
 * where the provider wants it: in the one answers message right after `holder` (created when
 * the next message is not one), the answers first in the order of `calls` (the holder's call
 * ids), then the message's other blocks; an earlier answer to the same call (a placeholder) is
 * replaced.
 */
export function placeNestedResult<M, B>(
  messages: readonly M[],
  holder: number,
  calls: readonly string[],
  answer: { readonly callId: string; readonly block: B },
  shape: NestedShape<M, B>,
): M[] {
  const next = messages[holder + 1];
  const replaces = next !== undefined && shape.holdsAnswers(next);
  const existing = replaces ? shape.blocksOf(next) : [];
  const answers = new Map<string, B>();
  const others: B[] = [];
  for (const block of existing) {
    const id = shape.answerOf(block);
    if (id === undefined) others.push(block);
    else answers.set(id, block);
  }
  answers.set(answer.callId, answer.block);
  const ordered = calls.flatMap((id) => {
    const found = answers.get(id);
    answers.delete(id);
    return found === undefined ? [] : [found];
  });
  const merged = shape.build([...ordered, ...answers.values(), ...others]);
  return [...messages.slice(0, holder + 1), merged, ...messages.slice(replaces ? holder + 2 : holder + 1)];
}
