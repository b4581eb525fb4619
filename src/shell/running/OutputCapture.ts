const isContinuation = (byte: number | undefined): boolean => byte !== undefined && (byte & 0xc0) === 0x80;

/** Where a head cut must end so it does not split a UTF-8 character at its end. */
function findHeadEnd(head: Buffer): number {
  let start = head.length - 1;
  while (start > 0 && isContinuation(head[start])) start--;
  const lead = head[start];
  if (lead === undefined || lead < 0x80) return head.length;
  const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return start + size <= head.length ? head.length : start;
}

/** Where a tail cut must start so it does not begin inside a UTF-8 character. */
function findTailStart(tail: Buffer): number {
  let start = 0;
  while (start < tail.length && start < 4 && isContinuation(tail[start])) start++;
  return start;
}

/**
 * One output stream, bounded: keeps the first and the last `maxBytes / 2` bytes and counts
 * what falls in between. Text is decoded as UTF-8 with replacement characters.
 */
export class OutputCapture {
  #head: Buffer[] = [];
  #headBytes = 0;
  #tail: Buffer[] = [];
  #tailBytes = 0;
  #dropped = 0;
  #total = 0;
  readonly #headLimit: number;
  readonly #tailLimit: number;

  public constructor(maxBytes: number) {
    this.#headLimit = Math.ceil(maxBytes / 2);
    this.#tailLimit = Math.floor(maxBytes / 2);
  }

  public get totalBytes(): number {
    return this.#total;
  }

  public push(chunk: Buffer): void {
    this.#total += chunk.length;
    let rest = chunk;
    if (this.#headBytes < this.#headLimit) {
      const taken = rest.subarray(0, this.#headLimit - this.#headBytes);
      this.#head.push(taken);
      this.#headBytes += taken.length;
      rest = rest.subarray(taken.length);
    }
    if (rest.length === 0) return;
    this.#tail.push(rest);
    this.#tailBytes += rest.length;
    while (this.#tailBytes > this.#tailLimit) {
      const first = this.#tail[0] as Buffer;
      const excess = this.#tailBytes - this.#tailLimit;
      if (first.length <= excess) {
        this.#tail.shift();
        this.#tailBytes -= first.length;
        this.#dropped += first.length;
      } else {
        this.#tail[0] = first.subarray(excess);
        this.#tailBytes -= excess;
        this.#dropped += excess;
      }
    }
  }

  /** Whether bytes were cut from the middle. */
  public get truncated(): boolean {
    return this.#dropped > 0;
  }

  /** The text: everything, or head + a marker saying how many bytes were cut + tail. */
  public toText(): string {
    const head = Buffer.concat(this.#head);
    const tail = Buffer.concat(this.#tail);
    if (this.#dropped === 0) return Buffer.concat([head, tail]).toString('utf8');
    const headEnd = findHeadEnd(head);
    const tailStart = findTailStart(tail);
    const cut = this.#dropped + (head.length - headEnd) + tailStart;
    return `${head.subarray(0, headEnd).toString('utf8')}\n[... ${cut} bytes cut ...]\n${tail.subarray(tailStart).toString('utf8')}`;
  }
}
