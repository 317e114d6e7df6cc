import { Readable } from 'node:stream';

/** How much of the file is read ahead to recognise its format and its CSV header line. */
const headLimit = 64 * 1024;

function isBlank(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function hasBom(head: Buffer): boolean {
  return head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
}

/**
 * The uploaded stream with its beginning read ahead (at most 64 KiB: up to the end of the first
 * non-blank line), a UTF-8 byte order mark removed, and the rest still to be read.
 */
export class PeekedSource {
  /** The bytes read ahead, without a byte order mark. */
  head: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly iterator: AsyncIterator<string | Buffer>;

  constructor(stream: NodeJS.ReadableStream) {
    this.iterator = stream[Symbol.asyncIterator]();
  }

  async peek(): Promise<void> {
    const chunks: Buffer[] = [];
    let length = 0;
    while (length < headLimit && !this.hasFirstLine(chunks, length)) {
      const next = await this.iterator.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      chunks.push(chunk);
      length += chunk.length;
    }
    const head = Buffer.concat(chunks, length);
    this.head = hasBom(head) ? head.subarray(3) : head;
  }

  private hasFirstLine(chunks: Buffer[], length: number): boolean {
    if (length === 0) return false;
    const head = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);
    let start = hasBom(head) ? 3 : 0;
    while (start < head.length && isBlank(head[start] as number)) start++;
    return start < head.length && head.indexOf(0x0a, start) !== -1;
  }

  /** True when the file holds nothing but blanks (or nothing at all). */
  get isEmpty(): boolean {
    return this.ended && this.head.every(isBlank);
  }

  /** The first byte that is not a blank, if the head has one. */
  get firstByte(): number | undefined {
    return this.head.find((byte) => !isBlank(byte));
  }

  /** The whole file, head first, as a byte stream; destroying it destroys the upload stream too. */
  readable(): Readable {
    return Readable.from(this.chunks(), { objectMode: false });
  }

  private async *chunks(): AsyncGenerator<Buffer> {
    try {
      if (this.head.length > 0) yield this.head;
      while (!this.ended) {
        const next = await this.iterator.next();
        if (next.done) {
          this.ended = true;
          break;
        }
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      }
    } finally {
      await this.close();
    }
  }

  /** Stops reading the upload stream (destroys it when it is a Node stream). */
  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.iterator.return?.();
  }
}
