import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { afterLogin } from '../after-login';
import { startSession } from '../session';
import { setAuthStatus } from '../session-store';

/** Finishes a login with its final token: store it, load the user, go where logins go. */
export function useCompleteLogin(): (token: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (token: string) => {
      await startSession(queryClient, token);
      setAuthStatus('success');
      await afterLogin({ queryClient, navigate });
    },
    [queryClient, navigate],
  );
}
