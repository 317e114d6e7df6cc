import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { randomToken, safeEqual } from '../lib/crypto.js';
import { createBackup } from './backup.js';
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
export const operatorRoutes: FastifyPluginAsync<{ ctx: AppContext; secret: string }> = async (
  app,
  { ctx, secret },
) => {
  /** Anyone else is answered as if the route did not exist. */
  const isOperator = (request: FastifyRequest) => {
    const presented = request.headers['x-operator-secret'];
    return (
      loopback.has(request.socket.remoteAddress ?? '') &&
      typeof presented === 'string' &&
      safeEqual(presented, secret)
    );
  };

  app.post('/api/operator', { schema: { hide: true } }, async (request, reply) => {
    if (!isOperator(request)) return reply.status(404).send({ detail: 'Not found.' });
    const parsed = invocation.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ detail: 'Invalid operator call.' });
    try {
      return { result: (await runCommand(ctx.db, parsed.data)) ?? null };
    } catch (error) {
      if (error instanceof OperatorError) return reply.status(422).send({ detail: error.message });
      throw error;
    }
  });

  /** `npm run admin -- backup FILE`: only the process that holds the embedded database can copy it consistently. */
  app.post('/api/operator/backup', { schema: { hide: true } }, async (request, reply) => {
    if (!isOperator(request)) return reply.status(404).send({ detail: 'Not found.' });
    try {
      const { bytes } = await createBackup(ctx.database, {
        value: ctx.secretKey,
        fromEnvironment: ctx.config.secretKey !== undefined,
      });
      return reply.type('application/gzip').send(bytes);
    } catch (error) {
      if (error instanceof OperatorError) return reply.status(422).send({ detail: error.message });
      throw error;
    }
  });
};
