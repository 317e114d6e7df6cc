import { usersApi } from '@geows/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `DELETE /api/users/{id}/`: deletes the signed-in user. */
export const deleteUser = (id: number) => callApi(usersApi.remove, { params: { id } });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
