import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** GET /api/demo: the caller's demo workspace id, or 0 (a bare number, as the original answered). */
export const demoResponse = z.number().int().nonnegative();

export const demoApi = {
  workspace: endpoint({
    method: 'GET',
    path: '/api/demo',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag: 'demo',
    summary: "The caller's demo workspace id, or 0",
    response: demoResponse,
  }),
};
