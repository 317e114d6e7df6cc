import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { tooLarge } from './errors.js';

/** The `Content-Length` check: refuse before reading a byte of an answer announced too large. */
export function announcedTooLarge(res: IncomingMessage, maxBytes: number): boolean {
  const length = Number(res.headers['content-length']);
  return Number.isFinite(length) && length > maxBytes;
}

/** Undoes Content-Encoding for `fetch` callers, who want the bytes; undefined for identity or unknown codings. */
export function decoderFor(encoding: string | undefined): Transform | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

export type GuardOptions = {
  maxBytes: number;
  signal: AbortSignal;
  decoder: Transform | undefined;
  /** Turns socket errors into the fetcher's errors. */
  mapError: (error: unknown) => unknown;
  onClose: () => void;
};

/**
 * The body as handed out: counted while it streams (the Content-Length may be
 * absent or lie, and a decoder may inflate a small answer into a huge one),
 * cut off by the deadline, and the socket closed whichever way it ends.
 */
export function guardBody(res: IncomingMessage, options: GuardOptions): Readable {
  const { maxBytes, signal, decoder, mapError, onClose } = options;
  let seen = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge(maxBytes));
      else callback(null, chunk);
    },
  });

  // pipeline destroys res along with the decoder, and hands res's errors on to it.
  const source: Readable = decoder ? pipeline(res, decoder, () => {}) : res;
  const onAbort = () => out.destroy(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  source.on('error', (error) => out.destroy(mapError(error) as Error));
  out.once('close', () => {
    signal.removeEventListener('abort', onAbort);
    source.destroy();
    res.destroy();
    onClose();
  });
  source.pipe(out);
  if (signal.aborted) onAbort();
  return out;
}

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
