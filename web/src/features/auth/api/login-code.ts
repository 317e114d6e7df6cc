import { authTokenResponse, type LoginCodeRequest } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `POST /auth/login/code/`: the second step of a login; answers the final token. */
export const loginCode = (body: LoginCodeRequest) =>
  apiRequest('/auth/login/code/', { method: 'POST', body, schema: authTokenResponse, auth: false });

export const useLoginCode = () => useMutation({ mutationFn: loginCode });
