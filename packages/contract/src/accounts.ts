import { z } from 'zod';
import { dbId, idParam, noContent, pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { requiredString } from './fields.js';
import { messages } from './messages.js';

/** docs/product.md, Data: "Account". */
export const account = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  admin: z.number(),
});
export type Account = z.infer<typeof account>;
export const accountPage = pageOf(account);

export const accountForm = z.object({
  name: requiredString(messages.nameRequired, 100),
  description: requiredString(messages.nameRequired, 1000),
});
export type AccountForm = z.infer<typeof accountForm>;

/** POST /api/accounts: `admin` must be the caller. */
export const createAccountRequest = accountForm.extend({
  admin: dbId(),
});
export type CreateAccountRequest = z.infer<typeof createAccountRequest>;

const tag = 'accounts';
export const accountsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: 'The accounts the caller administers, oldest first',
    query: pageQuery,
    response: accountPage,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/accounts',
    auth: 'token',
    access: 'signed-in',
    status: 201,
    tag,
    summary: 'Creates an account; the caller is its admin',
    body: createAccountRequest,
    response: account,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:id',
    auth: 'token',
    access: 'account-admin',
    status: 204,
    tag,
    summary: 'Deletes an account with its workspaces, layers, data sources and groups (admin only)',
    params: idParam,
    response: noContent,
  }),
};
