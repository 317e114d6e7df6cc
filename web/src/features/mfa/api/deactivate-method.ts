import { type MfaMethodName, mfaApi } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { refreshMethods } from './invalidate';

/** `POST /auth/{method}/deactivate/`: turns a method off; needs a current code. */
export const deactivateMethod = (method: MfaMethodName, code: string) =>
  callApi(mfaApi.deactivate, { params: { method }, body: { code } });

export function useDeactivateMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, code }: { method: MfaMethodName; code: string }) => deactivateMethod(method, code),
    onSuccess: () => refreshMethods(queryClient),
  });
}
