import { authApi, type LoginCodeRequest } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `POST /auth/login/code/`: the second step of a login; answers the final token. */
export const loginCode = (body: LoginCodeRequest) => callApi(authApi.loginCode, { body });

export const useLoginCode = () => useMutation({ mutationFn: loginCode });
