import { detailResponse } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `POST /auth/code/request/`: mails a fresh code for the e-mail method. */
export const requestEmailCode = () =>
  apiRequest('/auth/code/request/', { method: 'POST', body: { method: 'email' }, schema: detailResponse });

export const useRequestEmailCode = () => useMutation({ mutationFn: requestEmailCode });
