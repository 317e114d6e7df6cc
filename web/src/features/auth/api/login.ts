import { authApi, type LoginRequest, type LoginResponse } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `POST /auth/login/`: a token, or an ephemeral token when a second factor is on. */
export const login = (body: LoginRequest): Promise<LoginResponse> => callApi(authApi.login, { body });

export const useLogin = () => useMutation({ mutationFn: login });
