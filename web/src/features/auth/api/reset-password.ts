import { authApi } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

export type ResetPasswordByLink = { password: string; uid: string; pw_token: string };

/**
 * `POST /api/auth/resetPassword` with the uid and token of an e-mailed link. This call is
 * not exempt from the auth header (docs/product.md, "Roles and permissions"), so a stored
 * token goes along.
 */
export const resetPassword = (body: ResetPasswordByLink) => callApi(authApi.resetPassword, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
