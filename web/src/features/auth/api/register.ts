import { type RegisterRequest, registeredUser } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `POST /api/auth/register`: creates an inactive user and mails the activation link. */
export const register = (body: RegisterRequest) =>
  apiRequest('/api/auth/register', { method: 'POST', body, schema: registeredUser, auth: false });

export const useRegister = () => useMutation({ mutationFn: register });
