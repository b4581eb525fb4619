import { StringDecoder } from 'node:string_decoder';

/** One streamed piece of a command's output, as `shell_exec` emits it (`ctx.output`). */
export interface OutputChunk {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
}

/** One stream's live state: its decoder (a character split across chunks is kept whole) and what it sent. */
class StreamState {
  public readonly decoder = new StringDecoder('utf8');
  public sent = 0;
  public stopped = false;
}

/**
 * Streams a command's output as it comes, bounded like the captured result: each stream sends
 * at most the head the result keeps (`maxOutputBytes / 2`), then one notice, then nothing (the
 * result still carries the head and the tail). Nothing is buffered here: a flood costs no memory.
 */
export class OutputStreamer {
  readonly #limit: number;
  readonly #streams = { stdout: new StreamState(), stderr: new StreamState() };

  public constructor(
    maxOutputBytes: number,
    private readonly emit: (chunk: OutputChunk) => void,
  ) {
    this.#limit = Math.ceil(maxOutputBytes / 2);
  }

  /** A chunk of `stream` arrived. */
  public push(stream: 'stdout' | 'stderr', chunk: Buffer): void {
    const state = this.#streams[stream];
    if (state.stopped) return;
    const room = this.#limit - state.sent;
    const taken = chunk.length <= room ? chunk : chunk.subarray(0, room);
    state.sent += taken.length;
    const text = state.decoder.write(taken);
    if (text !== '') this.emit({ stream, text });
    if (taken.length < chunk.length || state.sent >= this.#limit) {
      state.stopped = true;
      this.emit({
        stream,
        text: `\n[${stream} streamed up to ${this.#limit} bytes; the rest is not streamed, the result keeps its head and tail]\n`,
      });
    }
  }
}
