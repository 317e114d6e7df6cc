import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { randomToken, safeEqual } from '../lib/crypto.js';
import { OperatorError, runCommand } from './commands.js';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The secret `npm run admin` presents to a running server; only the data directory's owner can read it. */
export function writeOperatorSecret(dataDir: string): string {
  const secret = randomToken();
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'operator.secret');
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const invocation = z.object({
  command: z.string().max(100),
  options: z.record(z.string(), z.string().max(2000).optional()),
  positionals: z.array(z.string().max(2000)).max(10),
});

/**
 * While a server holds the embedded database, operator commands run inside it:
 * from loopback only, with the secret from DATA_DIR. Invisible in the API docs.
 */
export const operatorRoutes: FastifyPluginAsync<{ db: Db; secret: string }> = async (app, { db, secret }) => {
  app.post('/api/operator', { schema: { hide: true } }, async (request, reply) => {
    const presented = request.headers['x-operator-secret'];
    if (
      !loopback.has(request.socket.remoteAddress ?? '') ||
      typeof presented !== 'string' ||
      !safeEqual(presented, secret)
    ) {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    const parsed = invocation.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ detail: 'Invalid operator call.' });
    try {
      return { result: (await runCommand(db, parsed.data)) ?? null };
    } catch (error) {
      if (error instanceof OperatorError) return reply.status(422).send({ detail: error.message });
      throw error;
    }
  });
};
