import { type MfaMethodName, mfaActivateResponse } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `POST /auth/{method}/activate/`: the app's otpauth URI and secret, or a mailed code. */
export const activateMethod = (method: MfaMethodName) =>
  apiRequest(`/auth/${method}/activate/`, { method: 'POST', schema: mfaActivateResponse });

export const useActivateMethod = () => useMutation({ mutationFn: activateMethod });
