import { authApi, type ResetRequest } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `POST /api/auth/reset`: mails a reset link; `site` tells the server which origin to link to. */
export const requestReset = (body: ResetRequest) => callApi(authApi.reset, { body });

export const useRequestReset = () => useMutation({ mutationFn: requestReset });
