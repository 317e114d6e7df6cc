import type { Readable, Writable } from 'node:stream';
import { validationFailed } from '../../../lib/errors.js';

/** How long a file part may wait for bytes once the whole request has arrived. */
const IDLE_AFTER_REQUEST_MS = 3_000;

/**
 * The multipart parser neither ends nor errors a file part whose closing boundary never
 * came (a form cut off in the middle of its file): the request has ended and the file
 * waits for bytes that will not come, holding the request and its upload slot forever.
 * Once the request has ended, every byte is already in the parser, so a file that then
 * stays idle is cut off. The file stream cannot be failed (the parser's stream emits
 * nothing when destroyed), so the file's destination is destroyed with a 400, which
 * ends the upload's pipeline with it. Call after the file is piped (a `data` listener of
 * its own would start it flowing); the returned function stops the guard.
 */
export function failWhenCutOff(
  request: Readable,
  file: Readable,
  destination: Writable,
  idleMs = IDLE_AFTER_REQUEST_MS,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let requestEnded = request.readableEnded;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A disk that is behind (the destination still draining) is slow, not cut off.
      if (destination.writableNeedDrain) return arm();
      destination.destroy(validationFailed({ file: ['The upload ended before the file was complete.'] }));
      file.destroy();
    }, idleMs);
  };
  const onData = () => {
    if (requestEnded) arm();
  };
  const onRequestEnd = () => {
    requestEnded = true;
    arm();
  };
  file.on('data', onData);
  if (requestEnded) arm();
  else request.once('end', onRequestEnd);
  return () => {
    clearTimeout(timer);
    file.off('data', onData);
    request.off('end', onRequestEnd);
  };
}
