import { type MfaMethodName, mfaApi } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/**
 * `POST /auth/{method}/activate/`: the app's otpauth URI and secret, or a mailed code.
 * With a method already on, the server wants a current code of it (or a backup code).
 */
export const activateMethod = ({ method, code }: { method: MfaMethodName; code?: string }) =>
  callApi(mfaApi.activate, { params: { method }, body: code ? { code } : undefined });

export const useActivateMethod = () => useMutation({ mutationFn: activateMethod });
