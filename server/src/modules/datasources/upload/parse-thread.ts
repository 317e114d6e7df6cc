import fs from 'node:fs';
import { startWorkerThread } from '../../../lib/worker-thread.js';
import { type ParseUploadInput, parseUpload } from './index.js';
import { type GeoJsonFeature, type ParsedUpload, UploadError } from './types.js';

type Limits = Omit<ParseUploadInput, 'stream' | 'filename' | 'onBatch'>;

/** What the upload's thread (parse-worker.ts) is given, and what it says back. */
export type ThreadOptions = Limits & { path: string; filename: string };
export type ThreadMessage =
  | { kind: 'batch'; features: GeoJsonFeature[] }
  | { kind: 'done'; result: ParsedUpload }
  | { kind: 'failed'; uploadError?: string; message?: string };

export type ParseUploadFileInput = Limits & {
  /** The uploaded file on disk. */
  path: string;
  filename: string;
  onBatch: (features: GeoJsonFeature[]) => Promise<void>;
  /** Files smaller than this are read here: milliseconds, not worth a thread. 256 KiB unless given. */
  inlineBelowBytes?: number;
  /** The thread's heap limit in MB; 256 unless given. */
  maxHeapMb?: number;
};

/**
 * `parseUpload` on a file on disk, on a thread of its own unless the file is small: the
 * thread reads, checks and batches the features, this thread stores each batch (the database
 * connection is here) before the next is read. A thread per upload, ended when it is done:
 * its heap is bounded (`maxHeapMb`; a file that needs more is refused) and goes back to the
 * system afterwards, and the tokenising — seconds of CPU for tens of MB — keeps off the thread
 * that answers every other request.
 */
export async function parseUploadFile(input: ParseUploadFileInput): Promise<ParsedUpload> {
  const { path, filename, onBatch, inlineBelowBytes = 256 * 1024, maxHeapMb = 256, ...limits } = input;
  const { size } = await fs.promises.stat(path);
  if (size < inlineBelowBytes) {
    return parseUpload({ ...limits, stream: fs.createReadStream(path), filename, onBatch });
  }
  const workerData: ThreadOptions = { ...limits, path, filename };
  const worker = startWorkerThread(import.meta.url, './parse-worker', {
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
  });
  return new Promise<ParsedUpload>((resolve, reject) => {
    let settled = false;
    // A batch being stored is waited for before the upload fails: the caller then deletes
    // the source, and no insert may still be on its way.
    let storing: Promise<unknown> = Promise.resolve();
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      void storing.finally(outcome);
    };
    worker.on('message', (message: ThreadMessage) => {
      switch (message.kind) {
        case 'batch':
          storing = onBatch(message.features).then(
            () => worker.postMessage({ kind: 'stored' }),
            (error: unknown) => settle(() => reject(error)),
          );
          return;
        case 'done':
          return settle(() => resolve(message.result));
        case 'failed':
          return settle(() =>
            reject(
              message.uploadError !== undefined
                ? new UploadError(message.uploadError)
                : new Error(`The upload could not be read: ${message.message}`),
            ),
          );
      }
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new UploadError('The file is too complex to read: it needs more memory than an upload may use.')
            : error,
        ),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`The upload's thread stopped unexpectedly (exit code ${code})`))),
    );
  });
}
