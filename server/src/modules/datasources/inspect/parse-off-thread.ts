import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../../../lib/worker-thread.js';
import { type InspectResult, NotThisTypeError } from './inspect-result.js';
import { parseInspectBytes } from './parse-answer.js';
import type { InspectTypeKey } from './request-url.js';

/** What the server's thread sends the parse thread (parse-worker.ts), and what comes back. */
export type ParseRequest = {
  id: number;
  key: InspectTypeKey;
  url: string;
  body: Uint8Array;
  contentType: string | undefined;
};
export type ParseReply = { id: number; result?: InspectResult; notThisType?: string; error?: string };

export type InspectParser = {
  /**
   * `parseInspectBytes` on the answer's bytes (`contentType`: its header); a large one, its
   * decoding included, on a thread of its own.
   */
  parse(key: InspectTypeKey, body: Buffer, url: string, contentType?: string): Promise<InspectResult>;
  /** Stops the threads; jobs not done fail. */
  close(): Promise<void>;
};

export type InspectParserOptions = {
  /** Threads at most; by default one per core beyond the first (at most 2), at least one. */
  threads?: number;
  /** Answers smaller than this are parsed at once, here: milliseconds, not worth a thread. */
  inlineBelowBytes?: number;
  /** A thread idle this long ends, and its memory goes back to the system. */
  idleMs?: number;
  /** A thread's heap limit: a document that needs more is "too large", not the server's end. */
  maxHeapMb?: number;
  /** A parse that takes longer ends its thread. */
  timeoutMs?: number;
};

const tooComplex = () => new NotThisTypeError('The answer is too large or too complex to read.');

type Job = {
  request: ParseRequest;
  resolve: (result: InspectResult) => void;
  reject: (error: Error) => void;
};
type Thread = { worker: Worker; job: Job | null; timer?: NodeJS.Timeout };

/**
 * Reads inspect answers off the HTTP thread. A capabilities document of 20 MB takes seconds of
 * CPU and a few hundred MB of heap to parse into a tree; done here, /healthz and every other
 * request would wait that long, and the heap would stay that large. A thread parses one answer
 * at a time (more wait their turn: the expensive-call limits keep them few), under a heap
 * limit, and ends when idle, so its memory goes back to the system.
 */
export function inspectParser(options: InspectParserOptions = {}): InspectParser {
  const threads = options.threads ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const inlineBelowBytes = options.inlineBelowBytes ?? 256 * 1024;
  const idleMs = options.idleMs ?? 10_000;
  const maxHeapMb = options.maxHeapMb ?? 512;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const queue: Job[] = [];
  const running = new Set<Thread>();
  let nextId = 1;
  let closed = false;

  function stop(thread: Thread, error: Error) {
    if (!running.delete(thread)) return;
    clearTimeout(thread.timer);
    void thread.worker.terminate();
    thread.job?.reject(error);
    thread.job = null;
    dispatch();
  }

  function spawn(): Thread {
    const thread: Thread = {
      worker: startWorkerThread(import.meta.url, './parse-worker', {
        resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      }),
      job: null,
    };
    // An idle thread never keeps the process alive.
    thread.worker.unref();
    thread.worker.on('message', (reply: ParseReply) => {
      const job = thread.job;
      if (!job || reply.id !== job.request.id) return;
      clearTimeout(thread.timer);
      thread.job = null;
      if (reply.result) job.resolve(reply.result);
      else if (reply.notThisType !== undefined) job.reject(new NotThisTypeError(reply.notThisType));
      else job.reject(new Error(reply.error ?? 'The inspect parser failed'));
      thread.timer = setTimeout(() => stop(thread, new Error('idle')), idleMs);
      thread.timer.unref();
      dispatch();
    });
    thread.worker.on('error', (error: Error & { code?: string }) =>
      stop(thread, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error),
    );
    thread.worker.on('exit', () => stop(thread, tooComplex()));
    running.add(thread);
    return thread;
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let thread = [...running].find((each) => each.job === null);
      if (!thread) {
        if (running.size >= threads) return;
        thread = spawn();
      }
      const job = queue.shift() as Job;
      const started = thread;
      clearTimeout(started.timer);
      started.job = job;
      started.timer = setTimeout(() => stop(started, tooComplex()), timeoutMs);
      // The bytes move to the thread (no copy): this thread holds nothing of them meanwhile.
      started.worker.postMessage(job.request, [job.request.body.buffer as ArrayBuffer]);
    }
  }

  return {
    async parse(key, body, url, contentType) {
      if (body.length < inlineBelowBytes) return parseInspectBytes(key, body, url, contentType);
      if (closed) throw new Error('The inspect parser is closed');
      // Only a buffer that owns its whole ArrayBuffer can be handed over; others are copied.
      const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
      const bytes = owned ? new Uint8Array(body.buffer, 0, body.byteLength) : new Uint8Array(body);
      return new Promise<InspectResult>((resolve, reject) => {
        queue.push({ request: { id: nextId++, key, url, body: bytes, contentType }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The inspect parser is closed'));
      for (const thread of [...running]) stop(thread, new Error('The inspect parser is closed'));
    },
  };
}
