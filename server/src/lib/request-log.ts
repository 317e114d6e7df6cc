import { LogController } from 'fastify';

/**
 * The request log: one line per request, written when it is answered, with the request's
 * fields (its URL redacted by the `req` serializer), the status and the time taken. Fastify's
 * own pair of lines ("incoming request", "request completed") cost every request a second
 * line and a second redaction of its URL; the line that says a request has arrived is kept at
 * debug level, for following a request that has not been answered yet. Fastify's other lines
 * (errors, 404s) stay as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
