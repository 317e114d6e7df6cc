import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `DELETE /api/users/{id}/`: deletes the signed-in user. */
export const deleteUser = (id: number) => apiRequest(`/api/users/${id}/`, { method: 'DELETE' });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
