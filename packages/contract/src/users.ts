import { z } from 'zod';
import { idParam, noContent, pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { optionalText } from './fields.js';
import { activeMfaMethod } from './mfa.js';

/** GET /api/users → results[0]: the signed-in user only. */
export const authUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  profile: z.object({ mfa_required: z.boolean() }),
  mfa: z.array(activeMfaMethod),
});
export type AuthUser = z.infer<typeof authUser>;
export const authUserPage = pageOf(authUser);

/** GET /api/extendUsers → results[0]; PATCH /api/extendUsers/{id}: the profile details. */
export const profile = z.object({
  id: z.number(),
  company: z.string(),
  street: z.string(),
  number: z.string(),
  city: z.string(),
  country: z.string(),
});
export type Profile = z.infer<typeof profile>;
export const profilePage = pageOf(profile);
export const profileUpdate = z
  .object({
    company: optionalText(255),
    street: optionalText(255),
    number: optionalText(50),
    city: optionalText(255),
    country: optionalText(255),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdate>;

const tag = 'users';
export const usersApi = {
  me: endpoint({
    method: 'GET',
    path: '/api/users',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: 'The signed-in user (the only user a caller can see)',
    query: pageQuery,
    response: authUserPage,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/users/:id/',
    auth: 'token',
    access: 'self',
    status: 204,
    tag,
    summary: 'Deletes the signed-in user and what only they own',
    params: idParam,
    response: noContent,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/extendUsers',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: "The signed-in user's profile details",
    query: pageQuery,
    response: profilePage,
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/extendUsers/:id',
    auth: 'token',
    access: 'self',
    status: 200,
    tag,
    summary: "Updates the signed-in user's profile details",
    params: idParam,
    body: profileUpdate,
    response: profile,
  }),
};
