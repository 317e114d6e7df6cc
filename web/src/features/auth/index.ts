export { afterLogin } from './after-login';
export { authUserQueryKey, authUserQueryOptions, useAuthUser } from './api/get-auth-user';
export { endSession, handleUnauthorized, logOut } from './session';
export { type AuthStatus, getDemoWorkspaceId, isDemo, setDemo } from './session-store';
export { type AuthState, useAuth, useIsLoggedIn, useToken } from './use-auth';
