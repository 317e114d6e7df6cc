import { z } from 'zod';
import { dbId, noContent, pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { email, requiredString } from './fields.js';
import { messages } from './messages.js';

/** docs/product.md, Data: "User group"; `members` counts pending addresses too. */
export const userGroup = z.object({
  id: z.number(),
  name: z.string(),
  account: z.number(),
  date_modified: z.string(),
  members: z.number().int(),
});
export type UserGroup = z.infer<typeof userGroup>;
export const userGroupPage = pageOf(userGroup);

export const userGroupListQuery = pageQuery.extend({ account: dbId().optional() });

export const userGroupForm = z.object({ name: requiredString(messages.fieldRequired, 150) });
export type UserGroupForm = z.infer<typeof userGroupForm>;

/** Without `account`: the caller's account with the lowest id. */
export const createUserGroupRequest = userGroupForm.extend({ account: dbId().optional() });
export type CreateUserGroupRequest = z.infer<typeof createUserGroupRequest>;

/** A member by e-mail; `user` and `username` stay null until that address registers. */
export const userGroupMember = z.object({
  id: z.number(),
  user: z.number().nullable(),
  email: z.string(),
  username: z.string().nullable(),
});
export type UserGroupMember = z.infer<typeof userGroupMember>;
export const userGroupMemberPage = pageOf(userGroupMember);

export const addMemberRequest = z.object({ email });
export type AddMemberRequest = z.infer<typeof addMemberRequest>;

const groupParam = z.object({ id: dbId() });
const memberParams = z.object({ id: dbId(), memberId: dbId() });

const tag = 'userGroups';
export const userGroupsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/userGroup',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: "The user groups of the caller's accounts (?account= one of them)",
    query: userGroupListQuery,
    response: userGroupPage,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/userGroup',
    auth: 'token',
    access: 'signed-in',
    status: 201,
    tag,
    summary:
      "Creates a user group in an account the caller administers (default: the caller's first account)",
    body: createUserGroupRequest,
    response: userGroup,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/userGroup/:id',
    auth: 'token',
    access: 'account-admin',
    status: 204,
    tag,
    summary: 'Deletes a user group; layers that named it no longer do',
    params: groupParam,
    response: noContent,
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/userGroup/:id/members',
    auth: 'token',
    access: 'account-admin',
    status: 200,
    tag,
    summary: "A group's members, pending addresses included",
    params: groupParam,
    query: pageQuery,
    response: userGroupMemberPage,
  }),
  addMember: endpoint({
    method: 'POST',
    path: '/api/userGroup/:id/members',
    auth: 'token',
    access: 'account-admin',
    status: 201,
    tag,
    summary: 'Adds a person by e-mail; an address without an account waits until it registers',
    params: groupParam,
    body: addMemberRequest,
    response: userGroupMember,
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/api/userGroup/:id/members/:memberId',
    auth: 'token',
    access: 'account-admin',
    status: 204,
    tag,
    summary: 'Removes a membership',
    params: memberParams,
    response: noContent,
  }),
};
