import { authApi } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/**
 * `POST /api/auth/resetPassword` as the profile sends it (docs/decisions.md, "Identity and
 * security"): uid and token false, the current password, and the auth header.
 */
export const changePassword = ({
  password,
  currentPassword,
}: {
  password: string;
  currentPassword: string;
}) =>
  callApi(authApi.resetPassword, {
    body: { password, uid: false, token: false, current_password: currentPassword },
  });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
