import { detailResponse, type ResetRequest } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `POST /api/auth/reset`: mails a reset link; `site` tells the server which origin to link to. */
export const requestReset = (body: ResetRequest) =>
  apiRequest('/api/auth/reset', { method: 'POST', body, schema: detailResponse, auth: false });

export const useRequestReset = () => useMutation({ mutationFn: requestReset });
