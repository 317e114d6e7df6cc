import { authApi, type RegisterRequest } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `POST /api/auth/register`: creates an inactive user and mails the activation link. */
export const register = (body: RegisterRequest) => callApi(authApi.register, { body });

export const useRegister = () => useMutation({ mutationFn: register });
