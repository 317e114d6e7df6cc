import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit trail keeps it. */
export type ClientInfo = { ip: string; userAgent: string };

/**
 * `request.ip` is the socket's address, or with TRUST_PROXY the client's address from
 * `X-Forwarded-For` (Fastify's `trustProxy`): without that setting a forged header
 * cannot put someone else's address in the trail.
 */
export function clientOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? '', userAgent: typeof agent === 'string' ? agent : '' };
}
