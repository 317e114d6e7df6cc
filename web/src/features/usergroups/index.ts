export { loadUserGroups, userGroupsQueryKey } from './api/get-user-groups';
