// A thread that reads large inspect answers (parse-off-thread.ts sends them): a 20 MB
// capabilities document takes seconds and a few hundred MB to parse, which on the server's
// thread would stall every other request meanwhile and leave its heap that much larger.
import { parentPort } from 'node:worker_threads';
import { NotThisTypeError } from './inspect-result.js';
import { parseInspectBytes } from './parse-answer.js';
import type { ParseReply, ParseRequest } from './parse-off-thread.js';

if (!parentPort) throw new Error('parse-worker runs as a worker thread');
const port = parentPort;

port.on('message', ({ id, key, url, body, contentType }: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id, result: parseInspectBytes(key, body, url, contentType) };
  } catch (error) {
    reply =
      error instanceof NotThisTypeError
        ? { id, notThisType: error.message }
        : { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
