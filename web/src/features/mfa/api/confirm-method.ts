import { type MfaMethodName, mfaApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { refreshMethods } from './invalidate';

/** `POST /auth/{method}/activate/confirm/`: turns the method on; answers 10 backup codes. */
export const confirmMethod = (method: MfaMethodName, code: string) =>
  callApi(mfaApi.confirm, { params: { method }, body: { code } });

export function useConfirmMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, code }: { method: MfaMethodName; code: string }) => confirmMethod(method, code),
    onSuccess: () => refreshMethods(queryClient),
  });
}
