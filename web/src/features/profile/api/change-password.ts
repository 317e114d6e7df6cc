import { detailResponse } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/**
 * `POST /api/auth/resetPassword` as the profile sends it (spec §7): uid and token
 * false, the current password, and the auth header.
 */
export const changePassword = ({
  password,
  currentPassword,
}: {
  password: string;
  currentPassword: string;
}) =>
  apiRequest('/api/auth/resetPassword', {
    method: 'POST',
    body: { password, uid: false, token: false, current_password: currentPassword },
    schema: detailResponse,
  });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
