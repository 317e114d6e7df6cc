export { loadUserGroups, useUserGroups } from './api/get-user-groups';
