import { authApi } from '@geows/contract';
import { callApi } from '../../../api/client';

/** `GET /api/auth/logout`: revokes the token of the request. */
export const logoutRequest = () =>
  // A token the server already dropped (deleted user, expiry) is fine here: the session ends anyway.
  callApi(authApi.logout, { handleUnauthorized: false });
