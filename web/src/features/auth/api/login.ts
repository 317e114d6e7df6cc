import { type LoginRequest, type LoginResponse, loginResponse } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `POST /auth/login/`: a token, or an ephemeral token when a second factor is on. */
export const login = (body: LoginRequest): Promise<LoginResponse> =>
  apiRequest('/auth/login/', { method: 'POST', body, schema: loginResponse, auth: false });

export const useLogin = () => useMutation({ mutationFn: login });
