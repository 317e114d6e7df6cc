import { mfaApi } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `POST /auth/code/request/`: mails a fresh code for the e-mail method. */
export const requestEmailCode = () => callApi(mfaApi.requestCode, { body: { method: 'email' } });

export const useRequestEmailCode = () => useMutation({ mutationFn: requestEmailCode });
