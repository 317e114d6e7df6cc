import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const health = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthApi = {
  /** 503 `{"status": "unavailable"}` while the database does not answer. */
  check: endpoint({
    method: 'GET',
    path: '/healthz',
    auth: 'none',
    access: 'public',
    status: 200,
    tag: 'health',
    summary: 'Answers once migrations are applied and the database answers; 503 otherwise',
    response: health,
  }),
};
