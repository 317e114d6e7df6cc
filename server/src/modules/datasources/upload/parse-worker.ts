// An upload read on a thread of its own (parse-thread.ts starts one per upload): tokenising a
// 45 MB file takes seconds of CPU, which on the server's thread every other request would wait
// for; and whatever the file made this thread's heap grow to goes back when the thread ends.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { parseUpload } from './index.js';
import type { ThreadMessage, ThreadOptions } from './parse-thread.js';
import { UploadError } from './types.js';

if (!parentPort) throw new Error('parse-worker runs as a worker thread');
const port = parentPort;
const { path, filename, ...limits } = workerData as ThreadOptions;
const send = (message: ThreadMessage) => port.postMessage(message);

/** The server's thread answers each batch once it is stored: only then is more read. */
const stored: (() => void)[] = [];
port.on('message', (message: { kind: 'stored' }) => {
  if (message.kind === 'stored') stored.shift()?.();
});

try {
  const result = await parseUpload({
    ...limits,
    stream: fs.createReadStream(path),
    filename,
    onBatch: (features) =>
      new Promise<void>((resolve) => {
        stored.push(resolve);
        send({ kind: 'batch', features });
      }),
  });
  send({ kind: 'done', result });
} catch (error) {
  send(
    error instanceof UploadError
      ? { kind: 'failed', uploadError: error.message }
      : { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
}
